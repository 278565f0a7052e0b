import 'dayjs/locale/en-gb';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { WEEK_STARTS_ON } from '../format/dates';

/**
 * en-GB calendars with weeks from Monday (docs/product/site.md) around a page's date pickers.
 * Kept out of AppProviders (and of the package root) so pages without dates never load
 * @mantine/dates and dayjs: import it from '@trek/shared/dates'.
 */
export function EnGbDatesProvider({ children }: { children: ReactNode }) {
  return (
    <DatesProvider settings={{ locale: 'en-gb', firstDayOfWeek: WEEK_STARTS_ON }}>
      {children}
    </DatesProvider>
  );
}
