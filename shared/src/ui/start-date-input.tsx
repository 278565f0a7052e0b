import '@mantine/dates/styles.layer.css';
import { DatePickerInput } from '@mantine/dates';
import { useId, useState } from 'react';
import { latestStartIso, toIsoDate } from '../format/dates';
import { EnGbDatesProvider } from './en-gb-dates-provider';
import { useKeepFocus } from './keep-focus';

/** dayjs format of 'Mon 05 Jan 2026' (docs/product/site.md). */
const DISPLAY_FORMAT = 'ddd DD MMM YYYY';
/** The calendar's title control at the month and year levels (its `ariaLabels` below). */
const LEVEL_CONTROL = '[aria-label="Choose a month"], [aria-label="Choose a year"]';

export interface StartDateInputProps {
  /** yyyy-MM-dd, or null before one is chosen. */
  value: string | null;
  onChange: (iso: string) => void;
  /** The nights of the chosen duration: the calendar ends where the trek would end after 2100. */
  nights?: number;
}

/**
 * A trek's start date, as the wizard and the edit page ask for it: 'Start date', a calendar
 * popover from today on (past days cannot be chosen) to the last start whose trek ends by the
 * end of 2100 (latestStartIso), en-GB with weeks from Monday, dates shown like 'Mon 05 Jan 2026',
 * every control named for screen readers.
 */
export function StartDateInput({ value, onChange, nights = 0 }: StartDateInputProps) {
  // Today as the calendar opens, not as the page last drew: a page left open past midnight would
  // still offer yesterday. Set in the same press that opens it, so it is never drawn stale.
  const [today, setToday] = useState(() => toIsoDate(new Date()));
  // The calendar dialog is named by the element whose id its popover holds; without one id for
  // both, it points at an id no element has, and the dialog has no name.
  const id = useId();
  // Pressed back to the first month (or year) that can be chosen, Previous is disabled under the
  // keyboard and the focus would fall to the page: it goes to the calendar's level control.
  const keepFocus = useKeepFocus();
  const calendar = () => document.getElementById(`${id}-dropdown`);
  const levelControl = () => calendar()?.querySelector<HTMLElement>(LEVEL_CONTROL);
  const keepFocusInCalendar = () => keepFocus(levelControl);
  // A level change (the month's name pressed, a month or year chosen) draws the calendar anew and
  // the focused control is gone with it: the focus goes where Mantine's keyboard model would have
  // Tab land. Gone up (the name pressed), it is the new level's name, as the control pressed
  // stands there again, unless the level is the last one (the decade's name is no control); gone
  // down (a month chosen), it is the one month, day or year of the list that Tab reaches (the
  // chosen one, else the first that can be chosen), so arrows and Enter go on from there.
  const keepFocusOnLevelChange = () => {
    const wentUp = document.activeElement?.matches(LEVEL_CONTROL) ?? false;
    const tabStop = () => calendar()?.querySelector<HTMLElement>('table [tabindex="0"]');
    keepFocus(() => (wentUp ? [levelControl(), tabStop()] : [tabStop(), levelControl()]));
  };
  return (
    <EnGbDatesProvider>
      <DatePickerInput
        id={id}
        label="Start date"
        placeholder="Select start date"
        value={value}
        onChange={(next) => {
          if (next) onChange(next);
        }}
        valueFormat={DISPLAY_FORMAT}
        minDate={today}
        maxDate={latestStartIso(nights)}
        onClick={() => setToday(toIsoDate(new Date()))}
        // Focus goes back to the field when the calendar closes (a date chosen, Escape), unless
        // the page has moved it on meanwhile (the wizard's next question): left alone, it fell to
        // the page's body and the next Tab started again at the top.
        popoverProps={{ trapFocus: true, returnFocus: true, id }}
        onPreviousMonth={keepFocusInCalendar}
        onPreviousYear={keepFocusInCalendar}
        onPreviousDecade={keepFocusInCalendar}
        onLevelChange={keepFocusOnLevelChange}
        // Days of the months around are half-transparent (2.4:1): not shown at all.
        hideOutsideDates
        ariaLabels={{
          nextMonth: 'Next month',
          previousMonth: 'Previous month',
          nextYear: 'Next year',
          previousYear: 'Previous year',
          nextDecade: 'Next decade',
          previousDecade: 'Previous decade',
          monthLevelControl: 'Choose a month',
          yearLevelControl: 'Choose a year',
        }}
      />
    </EnGbDatesProvider>
  );
}
