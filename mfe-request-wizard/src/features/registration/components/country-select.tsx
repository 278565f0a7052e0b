import { type ComboboxProps, Select, type SelectProps, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { COUNTRIES, findCountry, matchesCountry } from '../model/countries';

const OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: `${c.name} (${c.dialCode})` }));
const labelOf = (code: string) => OPTIONS.find((option) => option.value === code)?.label ?? '';

/**
 * The list opens inside the dialog (not portalled to the page's end), so a screen reader that
 * keeps to the aria-modal dialog reaches it and it sits in the dialog's region. Fixed, it is
 * placed against the screen, not clipped by the dialog's scrolling box (which is why the dialog
 * must not be transformed: registration-modal.tsx). On a phone (390 px) it opened past the right
 * edge when it was as wide as its content; it starts at the field's left edge, as wide as it, and
 * is shifted back into the screen, or flipped above the field, when there is no room.
 */
export const COUNTRY_DROPDOWN = {
  withinPortal: false,
  position: 'bottom-start',
  width: 'target',
  floatingStrategy: 'fixed',
  middlewares: { flip: true, shift: { mainAxis: true, crossAxis: false, padding: 8 } },
} as const satisfies ComboboxProps;

/** The most the list shows before it scrolls (Mantine's own default). */
const LIST_MAX_HEIGHT = 220;

export type CountrySelectProps = Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'
> & {
  value: string;
  onChange: (code: string) => void;
};

/**
 * The WhatsApp number's country: a searchable select whose search starts empty each time the
 * list opens (the chosen country stays as the placeholder, and stays chosen if the list closes
 * without a choice), so "pe" finds Peru rather than "United States (+1)pe" finding nothing.
 */
export function CountrySelect({ value, onChange, ...props }: CountrySelectProps) {
  const label = labelOf(value);
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  // What was typed into the closed field (which opens the list): kept as the new search, less
  // the chosen country's name it was typed after.
  const typedWhileClosed = useRef<string | null>(null);
  const nothingFound = opened && !COUNTRIES.some((country) => matchesCountry(country, search));

  return (
    <Stack gap={4}>
      <Select
        {...props}
        searchable
        allowDeselect={false}
        data={OPTIONS}
        value={value}
        onChange={(code) => code && onChange(code)}
        searchValue={opened ? search : label}
        onSearchChange={(next) => {
          if (opened) setSearch(next);
          else if (next.startsWith(label)) typedWhileClosed.current = next.slice(label.length);
          else typedWhileClosed.current = label.startsWith(next) ? '' : next;
        }}
        onDropdownOpen={() => {
          setSearch(typedWhileClosed.current ?? '');
          typedWhileClosed.current = null;
          setOpened(true);
        }}
        onDropdownClose={() => {
          typedWhileClosed.current = null;
          setOpened(false);
        }}
        placeholder={label}
        onKeyDown={(event) => {
          props.onKeyDown?.(event);
          // Enter on the open list never sends the form. After a search, with no country marked
          // in the list, it takes the first one found ('Peru', Enter) by pressing it, as Mantine
          // chooses; with no search it does nothing. Not Mantine's `selectFirstOptionOnChange`:
          // it reads the search before the keystroke, so a search emptied again still marked the
          // list's first country, which Enter then chose.
          if (event.key !== 'Enter' || !opened) return;
          event.preventDefault();
          if (search.trim() === '') return;
          const list = document.getElementById(
            event.currentTarget.getAttribute('aria-controls') ?? '',
          );
          if (!list || list.querySelector('[data-combobox-selected]')) return;
          list.querySelector<HTMLElement>('[data-combobox-option]')?.click();
        }}
        filter={({ options, search: query }) =>
          options.filter(
            (option) => 'value' in option && matchesCountry(findCountry(option.value), query),
          )
        }
        // No "nothing found" inside the list: a listbox must hold options (axe
        // aria-required-children), so an empty list is hidden and the status below says so.
        comboboxProps={COUNTRY_DROPDOWN}
        // The list scrolls itself rather than through an inner scroll area: a scrolling listbox
        // its combobox controls is reached by the arrow keys (axe scrollable-region-focusable).
        withScrollArea={false}
        styles={{ options: { maxHeight: LIST_MAX_HEIGHT, overflowY: 'auto' } }}
      />
      {/* Always in the page, so the words are announced when they appear. */}
      <Text role="status" fz="sm" c="dimmed">
        {nothingFound ? 'No country found' : ''}
      </Text>
    </Stack>
  );
}
