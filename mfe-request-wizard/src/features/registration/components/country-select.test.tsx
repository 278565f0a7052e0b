import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@trek/shared/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render';
import { RegistrationModal } from './registration-modal';

function open() {
  mockApi();
  renderPage(<RegistrationModal opened onClose={() => {}} />);
  return screen.findByRole('combobox', { name: 'Country' }) as Promise<HTMLInputElement>;
}

/** The options a person can see (Mantine hides an empty list with `data-hidden`). */
function shownOptions() {
  const list = screen.queryByRole('listbox');
  if (!list || list.closest('[data-hidden]')) return [];
  return within(list)
    .queryAllByRole('option')
    .map((option) => option.textContent);
}

describe('CountrySelect', () => {
  it('searches from scratch when opened, and keeps the country when closed without a choice', async () => {
    const user = userEvent.setup();
    const country = await open();
    await user.click(country);
    expect(country.value).toBe('');
    expect(country.placeholder).toBe('United States (+1)');
    await user.keyboard('pe');
    expect(country.value).toBe('pe');
    expect(shownOptions()).toEqual(['Peru (+51)']);

    await user.keyboard('{Escape}');
    expect(country.value).toBe('United States (+1)');
    // Typed into the closed field: a new search, not the end of the country's name.
    await user.keyboard('44');
    expect(country.value).toBe('44');
    expect(shownOptions()).toEqual(['United Kingdom (+44)']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(country.value).toBe('United Kingdom (+44)');
    expect(screen.getByText('+44')).toBeTruthy();

    await user.click(country);
    await user.keyboard('fr');
    await user.click(screen.getByLabelText('First Name *'));
    expect(country.value).toBe('United Kingdom (+44)');
  });

  it('chooses the first country found when Enter follows a search, and only then', async () => {
    const user = userEvent.setup();
    const country = await open();
    await user.click(country);
    await user.keyboard('Peru{Enter}');
    expect(country.value).toBe('Peru (+51)');
    // A search emptied again marks nothing: Enter does not take the list's first country, nor
    // send the form (whose check would take the focus to First Name).
    await user.click(country);
    await user.keyboard('pe{Backspace}{Backspace}{Enter}');
    expect(document.activeElement).toBe(country);
    expect(screen.queryByText('Please enter your first name.')).toBeNull();
    await user.keyboard('{Escape}');
    expect(country.value).toBe('Peru (+51)');
    // Nor with a country marked by the arrows: Enter takes that one.
    await user.click(country);
    await user.keyboard('united k{ArrowDown}{Enter}');
    expect(country.value).toBe('United Kingdom (+44)');
  });

  it('opens its list inside the dialog, scrolling the listbox itself', async () => {
    const user = userEvent.setup();
    const country = await open();
    await user.click(country);
    const list = await screen.findByRole('listbox');
    // Within the aria-modal dialog (and its region), where a screen reader stays.
    expect(list.closest('[role="dialog"]')).not.toBeNull();
    // The element that scrolls is the listbox the combobox controls (which axe lets scroll
    // without being focusable), not a scroll area inside it.
    expect(country.getAttribute('aria-controls')).toBe(list.id);
    expect(list.style.overflowY).toBe('auto');
    expect(list.querySelector('.mantine-ScrollArea-root')).toBeNull();
    // That it is neither clipped by the dialog nor off the screen is the browser's to check
    // (Mantine runs no transitions here): e2e/tests/small-screens.spec.ts.
  });

  it('says "No country found" in a status line, never as an empty listbox', async () => {
    const user = userEvent.setup();
    const country = await open();
    // In the page before its words, beside the field.
    const status = screen
      .getAllByRole('status')
      .filter((node) => node.parentElement?.contains(country))
      .at(-1);
    expect(status?.textContent).toBe('');
    await user.click(country);
    await user.keyboard('zz');
    expect(status?.textContent).toBe('No country found');
    const list = screen.queryByRole('listbox');
    // A listbox without options is hidden from everyone (display: none in Mantine's styles).
    if (list) expect(list.closest('[data-hidden]')).not.toBeNull();
    expect(shownOptions()).toEqual([]);
    await user.keyboard('{Backspace}{Backspace}');
    expect(status?.textContent).toBe('');
  });
});
