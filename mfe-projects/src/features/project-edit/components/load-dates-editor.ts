/**
 * Fetches the dates editor's code (the calendar: @mantine/dates, dayjs), a chunk of its own: the
 * edit page loads it lazily and fetches it ahead once idle. On its own so a test can stand for the
 * network, whose download may fail.
 */
export const loadDatesEditor = () => import('./dates-editor');
