import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../query-client';
import { AppProviders } from './app-providers';
import { NotBuiltYet } from './not-built-yet';
import { PageMeta } from './page-meta';
import { PageSkeleton } from './page-skeleton';
import { socialSignInButtonContent } from './social-sign-in';
import { StartDateInput } from './start-date-input';

function renderPage(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }]);
  return render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('AppProviders', () => {
  it("switches Mantine's transitions off for travellers who ask for reduced motion", () => {
    renderPage(<p>page</p>);
    expect(document.documentElement.getAttribute('data-respect-reduced-motion')).toBe('true');
  });

  it("gives every toast's close button a name screen readers read", async () => {
    renderPage(<p>page</p>);
    act(() => {
      notifications.show({ title: 'Copied!', message: 'Join code copied to the clipboard' });
    });
    expect(await screen.findByRole('button', { name: 'Close notification' })).toBeTruthy();
  });

  it('shows the newest toast at once in place of the one on screen, and never an older one later', async () => {
    renderPage(<p>page</p>);
    act(() => {
      notifications.show({ message: 'Profile photo updated successfully' });
    });
    expect(await screen.findByText('Profile photo updated successfully')).toBeTruthy();
    let newest = '';
    act(() => {
      newest = notifications.show({ message: 'Account deleted successfully' });
    });
    expect(await screen.findByText('Account deleted successfully')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByText('Profile photo updated successfully')).toBeNull(),
    );
    act(() => {
      notifications.hide(newest);
    });
    await waitFor(() => expect(screen.queryByText('Account deleted successfully')).toBeNull());
    expect(screen.queryByText('Profile photo updated successfully')).toBeNull();
  });
});

describe('PageMeta', () => {
  it('sets the title, the description and, when asked, no-index', async () => {
    renderPage(<PageMeta title="My Projects" description="Your trek requests." noIndex />);
    await waitFor(() => expect(document.title).toBe('My Projects | TrekPeru'));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Your trek requests.',
    );
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex, nofollow',
    );
  });

  it('leaves pages indexable by default', async () => {
    renderPage(<PageMeta title="Welcome" description="Hello." />);
    await waitFor(() => expect(document.title).toBe('Welcome | TrekPeru'));
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });
});

describe('NotBuiltYet', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the page and the team, and reads the auth state', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 401 })),
    );
    renderPage(<NotBuiltYet title="My Projects" remote="projects" />);
    expect(screen.getByRole('heading', { level: 1, name: 'My Projects' })).toBeTruthy();
    expect(screen.getByText(/delivered by the projects team/)).toBeTruthy();
    expect(await screen.findByText('You are browsing as a visitor.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a trek request' }).getAttribute('href')).toBe(
      '/create-project',
    );
  });
});

describe('PageSkeleton', () => {
  it('announces loading to assistive technology', () => {
    renderPage(<PageSkeleton />);
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Loading…')).toBeTruthy();
  });
});

describe('socialSignInButtonContent', () => {
  it("adds 'development sign-in' to a button only when the local provider stands in", () => {
    renderPage(
      <>
        <Button {...socialSignInButtonContent('Continue with Google', undefined)} />
        <Button
          {...socialSignInButtonContent('Continue with Facebook', {
            available: true,
            development: false,
          })}
        />
        <Button
          {...socialSignInButtonContent('Continue with Google', {
            available: true,
            development: true,
          })}
        />
      </>,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Continue with Google',
      'Continue with Facebook',
      'Continue with Google development sign-in',
    ]);
    expect(
      screen.getByRole('button', { name: 'Continue with Google development sign-in' }),
    ).toBeTruthy();
  });
});

describe('StartDateInput', () => {
  it('opens a calendar dialog named after its field, Start date', async () => {
    renderPage(<StartDateInput value={null} onChange={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Start date' }));
    expect(await screen.findByRole('dialog', { name: 'Start date' })).toBeTruthy();
  });

  it('keeps the keyboard in the calendar when Previous month reaches the first month', async () => {
    renderPage(<StartDateInput value={null} onChange={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Start date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start date' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next month' }));
    const previous = within(dialog).getByRole('button', { name: 'Previous month' });
    previous.focus();
    await userEvent.keyboard('{Enter}');
    // This month again: Previous month is disabled, and the focus is on the month's name.
    await waitFor(() => expect(previous.hasAttribute('disabled')).toBe(true));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: 'Choose a month' }),
      ),
    );
  });

  it('keeps the keyboard in the calendar when its level changes', async () => {
    renderPage(<StartDateInput value={null} onChange={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Start date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start date' });
    const focusedInCalendar = async () => {
      await waitFor(() => expect(document.activeElement).not.toBe(document.body));
      expect(dialog.contains(document.activeElement)).toBe(true);
      return document.activeElement as HTMLElement;
    };
    // Up to the months: the focus is on the new level's name, where the one pressed was.
    within(dialog).getByRole('button', { name: 'Choose a month' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: 'Choose a year' }),
      ),
    );
    // A month chosen (December, never before this month): the focus is on one of its days.
    within(dialog).getByRole('button', { name: 'Dec' }).focus();
    await userEvent.keyboard('{Enter}');
    const day = await focusedInCalendar();
    expect(day.closest('table')).not.toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Choose a month' }).textContent).toMatch(
      /December/,
    );
    // Up to the decade, whose name is no control: the focus is on a year; chosen, on a month.
    within(dialog).getByRole('button', { name: 'Choose a month' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: 'Choose a year' }),
      ),
    );
    await userEvent.keyboard('{Enter}');
    const year = await focusedInCalendar();
    expect(year.textContent).toMatch(/^\d{4}$/);
    await userEvent.keyboard('{Enter}');
    const month = await focusedInCalendar();
    expect(month.textContent).toMatch(/^[A-Z][a-z]{2}$/);
  });

  it('names every control of the calendar at each of its levels (days, months, years)', async () => {
    renderPage(<StartDateInput value={null} onChange={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Start date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start date' });
    const unnamed = () =>
      within(dialog)
        .getAllByRole('button')
        .filter((button) => !button.textContent?.trim() && !button.getAttribute('aria-label'));
    expect(unnamed()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Choose a month' }));
    expect(within(dialog).getByRole('button', { name: 'Next year' })).toBeTruthy();
    expect(unnamed()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Choose a year' }));
    expect(within(dialog).getByRole('button', { name: 'Next decade' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Previous decade' })).toBeTruthy();
    expect(unnamed()).toEqual([]);
  });

  describe('its limits', () => {
    afterEach(() => vi.useRealTimers());
    // Only the clock is faked: Mantine's and user-event's timers run as usual.
    const at = (time: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(time));
    };
    const dayButton = (dialog: HTMLElement, day: number) =>
      within(dialog)
        .getAllByRole('button')
        .find((button) => button.closest('table') && button.textContent === String(day));

    it('offers no day before today as the calendar opens, past a midnight the page did not redraw for', async () => {
      at('2026-11-27T23:59:00');
      renderPage(<StartDateInput value={null} onChange={() => {}} />);
      const field = await screen.findByRole('button', { name: 'Start date' });
      vi.setSystemTime(new Date('2026-11-28T00:01:00'));
      await userEvent.click(field);
      const dialog = await screen.findByRole('dialog', { name: 'Start date' });
      expect(dayButton(dialog, 27)?.hasAttribute('disabled')).toBe(true);
      expect(dayButton(dialog, 28)?.hasAttribute('disabled')).toBe(false);
    });

    it('ends where the trek would end after 2100, the last date the saved answers keep', async () => {
      at('2100-12-20T10:00:00');
      renderPage(<StartDateInput value={null} onChange={() => {}} nights={3} />);
      await userEvent.click(await screen.findByRole('button', { name: 'Start date' }));
      const dialog = await screen.findByRole('dialog', { name: 'Start date' });
      // 28 December plus 3 nights is 31 December 2100.
      expect(dayButton(dialog, 28)?.hasAttribute('disabled')).toBe(false);
      expect(dayButton(dialog, 29)?.hasAttribute('disabled')).toBe(true);
    });
  });
});
