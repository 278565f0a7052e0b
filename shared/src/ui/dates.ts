// '@trek/shared/dates': the date pickers' pieces, kept out of the package root so pages without
// dates never load @mantine/dates and dayjs. Bundled into each page that imports it.
export { EnGbDatesProvider } from './en-gb-dates-provider';
export { StartDateInput, type StartDateInputProps } from './start-date-input';
