import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@trek/shared';
import { apiError, heldAnswer, json, mockApi } from '@trek/shared/testing/mock-api';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { leaveSite } from '../model/leave-site';
import { RegistrationModal } from './registration-modal';

vi.mock('../model/leave-site', () => ({ leaveSite: vi.fn() }));

/** As the wizard does: the modal mounts when first opened, and stays mounted once closed. */
function OpenedByButton() {
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setMounted(true);
          setOpened(true);
        }}
      >
        Submit request
      </button>
      {mounted && <RegistrationModal opened={opened} onClose={() => setOpened(false)} />}
    </>
  );
}

const rateLimited = () =>
  apiError(429, 'RATE_LIMITED', 'Too many requests', { 'Retry-After': '30' });

function open() {
  return renderPage(<RegistrationModal opened onClose={() => {}} />);
}

async function fill(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value) await user.type(input, value);
}

const sent = {
  success: true,
  message: 'Check your email for a sign-in link.',
  magicLink: 'http://localhost/api/auth/magic-link?token=t',
};

async function sendAsAna(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, 'First Name *', 'Ana');
  await fill(user, 'Last Name *', 'Quispe');
  await fill(user, 'Email *', 'ana@example.com');
  await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
}

describe('RegistrationModal', () => {
  afterEach(() => {
    vi.mocked(leaveSite).mockClear();
    localStorage.clear();
  });

  it('sends the saved request along with a provider sign-in only when submitting it', async () => {
    mockApi();
    const saved = JSON.stringify({ trek: 'salkantay' });
    localStorage.setItem(STORAGE_KEYS.wizardFormData, saved);
    const user = userEvent.setup();
    const { unmount } = open();
    await user.click(await screen.findByRole('button', { name: /Continue with Google/ }));
    const submitting = new URL(vi.mocked(leaveSite).mock.calls[0]?.[0] ?? '', 'http://x');
    expect(submitting.pathname).toBe('/auth/google');
    expect(submitting.searchParams.get('returnTo')).toBe('/create-project');
    expect(submitting.searchParams.get('formData')).toBe(btoa(saved));
    unmount();

    // The header's Sign In: back where its e-mail link leads, and nothing to submit there.
    renderPage(<RegistrationModal opened onClose={() => {}} purpose="sign-in" />);
    await user.click(await screen.findByRole('button', { name: /Continue with Facebook/ }));
    expect(vi.mocked(leaveSite).mock.calls[1]?.[0]).toBe('/auth/facebook?returnTo=%2Fu%2Fprojects');
  });

  it("says which fields are required to a screen reader, and shows the spec's ' *' only to the eye", async () => {
    mockApi();
    open();
    for (const name of ['First Name', 'Last Name', 'Email']) {
      const field = await screen.findByRole('textbox', { name });
      expect(field.hasAttribute('required')).toBe(true);
      expect(screen.getByLabelText(`${name} *`)).toBe(field);
    }
    const whatsApp = screen.getByRole('textbox', { name: 'WhatsApp (optional)' });
    expect(whatsApp.hasAttribute('required')).toBe(false);
  });

  it('shows one validation message at a time in the documented order, and never sends WhatsApp', async () => {
    const api = mockApi({ routes: { 'POST /api/auth/request-magic-link': json(sent) } });
    const user = userEvent.setup();
    open();
    const send = await screen.findByRole('button', { name: 'Email me a sign-in link' });
    const only = async (message: string) => {
      expect(await screen.findByText(message)).toBeTruthy();
      expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(1);
    };

    await user.click(send);
    await only('Please enter your first name.');
    await fill(user, 'First Name *', 'Ana');
    await user.click(send);
    await only('Please enter your last name.');
    await fill(user, 'Last Name *', 'Quispe');
    await user.click(send);
    await only('Please enter your email address.');
    await fill(user, 'Email *', 'ana@example');
    await user.click(send);
    await only('Please enter a valid email address.');
    await fill(user, 'Email *', 'ana@example.com');
    await fill(user, 'WhatsApp (optional)', '12');
    await user.click(send);
    await only('Please enter a valid WhatsApp number');
    await fill(user, 'WhatsApp (optional)', '415 555 0100');
    await user.click(send);

    expect(await screen.findByText('The magic link is valid for 15 minutes.')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/request-magic-link').map((call) => call.body)).toEqual([
      {
        email: 'ana@example.com',
        firstName: 'Ana',
        lastName: 'Quispe',
        redirectTo: '/create-project?auth=success',
      },
    ]);
    // Counting down, Resend says it is unavailable, keeps the focus and sends nothing.
    const resend = screen.getByRole('button', { name: /Resend in \d+s/ });
    expect(resend.getAttribute('aria-disabled')).toBe('true');
    expect(resend.hasAttribute('disabled')).toBe(false);
    resend.focus();
    await user.click(resend);
    expect(document.activeElement).toBe(resend);
    expect(api.callsTo('POST /api/auth/request-magic-link')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Use test link' }).getAttribute('href')).toContain(
      'token=t',
    );

    await user.click(screen.getByRole('button', { name: 'Change details' }));
    expect((screen.getByLabelText('Email *') as HTMLInputElement).value).toBe('ana@example.com');
    // The button pressed is gone with its view: the keyboard is on the form's first field.
    expect(document.activeElement).toBe(screen.getByLabelText('First Name *'));
  });

  it('refuses what the API would refuse, before sending: a name that hides its direction', async () => {
    const api = mockApi({ routes: { 'POST /api/auth/request-magic-link': json(sent) } });
    const user = userEvent.setup();
    open();
    await fill(user, 'First Name *', '\u200b ');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText('Please enter your first name.')).toBeTruthy();
    // Said as what to do, not as a fragment of the rule.
    await fill(user, 'First Name *', 'Ana\u202Egnp.exe');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(
      await screen.findByText(
        'Please remove the text-direction characters (they can disguise text).',
      ),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/auth/request-magic-link')).toHaveLength(0);
  });

  it('says when to try again after a rate limit, and lets the traveler retry', async () => {
    let wait = '30';
    mockApi({
      routes: {
        'POST /api/auth/request-magic-link': () =>
          apiError(429, 'RATE_LIMITED', 'Too many requests', { 'Retry-After': wait }),
      },
    });
    const user = userEvent.setup();
    open();
    await sendAsAna(user);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please try again in a minute.',
    );
    const send = screen.getByRole('button', { name: 'Email me a sign-in link' });
    expect(send.hasAttribute('disabled')).toBe(false);
    wait = '600';
    await user.click(send);
    expect(
      await screen.findByText('Too many requests. Please try again in 10 minutes.'),
    ).toBeTruthy();
  });

  it('brings the keyboard to the first field in error, then to what the server said', async () => {
    mockApi({ routes: { 'POST /api/auth/request-magic-link': rateLimited } });
    const user = userEvent.setup();
    open();
    const send = await screen.findByRole('button', { name: 'Email me a sign-in link' });
    await user.click(send);
    expect(document.activeElement).toBe(screen.getByLabelText('First Name *'));
    await fill(user, 'First Name *', 'Ana');
    await fill(user, 'Last Name *', 'Quispe');
    await fill(user, 'Email *', 'ana@example');
    await user.click(send);
    expect(document.activeElement).toBe(screen.getByLabelText('Email *'));
    await fill(user, 'Email *', 'ana@example.com');
    await user.click(send);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it('forgets what the server said once the traveler edits a field', async () => {
    mockApi({ routes: { 'POST /api/auth/request-magic-link': rateLimited } });
    const user = userEvent.setup();
    open();
    await sendAsAna(user);
    expect(await screen.findByRole('alert')).toBeTruthy();
    await user.type(screen.getByLabelText('Last Name *'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives focus back to what opened it on close, and opens again without the old failure', async () => {
    mockApi({ routes: { 'POST /api/auth/request-magic-link': rateLimited } });
    const user = userEvent.setup();
    renderPage(<OpenedByButton />);
    const opener = screen.getByRole('button', { name: 'Submit request' });
    await user.click(opener);
    // Opened: in the first field, not on Close.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First Name *')));
    await sendAsAna(user);
    expect(await screen.findByRole('alert')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(opener));

    await user.click(opener);
    expect((await screen.findByLabelText('First Name *')) as HTMLInputElement).toHaveProperty(
      'value',
      'Ana',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("waits out the countdown after 'Change details' for the same address; another address is a new send", async () => {
    const api = mockApi({ routes: { 'POST /api/auth/request-magic-link': json(sent) } });
    const user = userEvent.setup();
    open();
    await sendAsAna(user);
    await screen.findByText('The magic link is valid for 15 minutes.');
    await user.click(screen.getByRole('button', { name: 'Change details' }));

    // Same address (as the server reads it): the send button counts down and sends nothing,
    // pressed or by Enter in a field.
    await fill(user, 'Email *', ' Ana@Example.com');
    const waiting = screen.getByRole('button', { name: /^Resend in \d+s$/ });
    expect(waiting.getAttribute('aria-disabled')).toBe('true');
    await user.click(waiting);
    await user.type(screen.getByLabelText('Email *'), '{Enter}');
    expect(api.callsTo('POST /api/auth/request-magic-link')).toHaveLength(1);

    await fill(user, 'Email *', 'ana.quispe@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    await screen.findByText('ana.quispe@example.com');
    expect(api.callsTo('POST /api/auth/request-magic-link')).toHaveLength(2);
  });

  it('says each link sent again in its status line, so a screen reader reads the resend out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = mockApi({ routes: { 'POST /api/auth/request-magic-link': json(sent) } });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      open();
      await screen.findByRole('button', { name: 'Email me a sign-in link' });
      await sendAsAna(user);
      await screen.findByText('The magic link is valid for 15 minutes.');
      const status = screen
        .getAllByRole('status')
        .find((line) => line.textContent?.includes('We sent'));
      expect(status?.textContent).toBe(
        'Check your email. We sent a sign-in link to ana@example.com.',
      );

      act(() => vi.advanceTimersByTime(60_000));
      await user.click(screen.getByRole('button', { name: 'Resend link' }));
      await waitFor(() =>
        expect(status?.textContent).toBe('We sent another sign-in link to ana@example.com.'),
      );
      // Another resend changes the line again (by an invisible space), to be read out again.
      act(() => vi.advanceTimersByTime(60_000));
      await user.click(screen.getByRole('button', { name: 'Resend link' }));
      await waitFor(() => expect(api.callsTo('POST /api/auth/request-magic-link')).toHaveLength(3));
      await waitFor(() =>
        expect(status?.textContent).not.toBe('We sent another sign-in link to ana@example.com.'),
      );
      expect(status?.textContent?.trim()).toBe('We sent another sign-in link to ana@example.com.');
    } finally {
      vi.useRealTimers();
    }
  });

  it("opened again in the sent view, puts focus on 'Check your email', as the first send did", async () => {
    mockApi({ routes: { 'POST /api/auth/request-magic-link': json(sent) } });
    const user = userEvent.setup();
    renderPage(<OpenedByButton />);
    const opener = screen.getByRole('button', { name: 'Submit request' });
    await user.click(opener);
    await sendAsAna(user);
    const title = () => screen.getByRole('heading', { name: 'Check your email' });
    await waitFor(() => expect(document.activeElement).toBe(title()));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(opener));

    await user.click(opener);
    await waitFor(() => expect(document.activeElement).toBe(title()));
  });

  // That the list then stays on screen is the browser's to check: e2e/tests/small-screens.spec.ts.
  it('opens the country list below the start of its field, placed with fixed positioning', async () => {
    mockApi();
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('combobox', { name: 'Country' }));
    const list = await screen.findByRole('listbox');
    const dropdown = list.closest('[data-position]');
    expect(dropdown?.getAttribute('data-position')).toBe('bottom-start');
    // Fixed, not absolute: a list past the edge of the screen cannot widen the page.
    expect(dropdown?.hasAttribute('data-fixed')).toBe(true);
    await user.click(screen.getByRole('option', { name: 'Peru (+51)' }));
    expect(screen.getByText('+51')).toBeTruthy();
  });

  it('offers no test link when the server does not return one', async () => {
    mockApi({
      routes: {
        'POST /api/auth/request-magic-link': json({ success: true, message: 'Check your email.' }),
      },
    });
    const user = userEvent.setup();
    open();
    await sendAsAna(user);
    await screen.findByText('The magic link is valid for 15 minutes.');
    expect(screen.queryByRole('link', { name: 'Use test link' })).toBeNull();
  });

  it("stays on the form after 'Change details', whatever the resend left behind answers", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const answers = [heldAnswer(), heldAnswer(), heldAnswer()];
      let calls = 0;
      const api = mockApi({
        routes: {
          'POST /api/auth/request-magic-link': () => {
            calls += 1;
            return calls === 1 ? json(sent) : (answers[calls - 2]?.route() ?? json(sent));
          },
        },
      });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      open();
      await screen.findByRole('button', { name: 'Email me a sign-in link' });
      await sendAsAna(user);
      await screen.findByText('The magic link is valid for 15 minutes.');
      // A resend, then 'Change details' before its answer, which succeeds.
      act(() => vi.advanceTimersByTime(60_000));
      await user.click(screen.getByRole('button', { name: 'Resend link' }));
      await waitFor(() => expect(api.callsTo('POST /api/auth/request-magic-link')).toHaveLength(2));
      await user.click(screen.getByRole('button', { name: 'Change details' }));
      await fill(user, 'Email *', 'ana.quispe@example.com');
      await act(async () => {
        answers[0]?.answer(json(sent));
        await vi.advanceTimersByTimeAsync(50);
      });
      expect(screen.queryByText('The magic link is valid for 15 minutes.')).toBeNull();
      expect((screen.getByLabelText('Email *') as HTMLInputElement).value).toBe(
        'ana.quispe@example.com',
      );

      // The new address is a new send; 'Change details' again before its answer, which fails:
      // no message about a send the traveler moved on from.
      await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
      await waitFor(() => expect(api.callsTo('POST /api/auth/request-magic-link')).toHaveLength(3));
      await act(async () => {
        answers[1]?.answer(json(sent));
        await vi.advanceTimersByTimeAsync(50);
      });
      expect(await screen.findByText('ana.quispe@example.com')).toBeTruthy();
      act(() => vi.advanceTimersByTime(60_000));
      await user.click(screen.getByRole('button', { name: 'Resend link' }));
      await waitFor(() => expect(api.callsTo('POST /api/auth/request-magic-link')).toHaveLength(4));
      await user.click(screen.getByRole('button', { name: 'Change details' }));
      await act(async () => {
        answers[2]?.answer(rateLimited());
        await vi.advanceTimersByTimeAsync(50);
      });
      expect(screen.queryByRole('alert')).toBeNull();
      expect((screen.getByLabelText('Email *') as HTMLInputElement).value).toBe(
        'ana.quispe@example.com',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes back the WhatsApp message once a country change makes the number valid', async () => {
    mockApi({ routes: { 'POST /api/auth/request-magic-link': json(sent) } });
    const user = userEvent.setup();
    open();
    await fill(user, 'First Name *', 'Ana');
    await fill(user, 'Last Name *', 'Quispe');
    await fill(user, 'Email *', 'ana@example.com');
    await fill(user, 'WhatsApp (optional)', '+44 7911 123456');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText('Please enter a valid WhatsApp number')).toBeTruthy();

    // Still wrong for France: the message stays.
    const country = screen.getByRole('combobox', { name: 'Country' });
    await user.click(country);
    await user.click(await screen.findByRole('option', { name: 'France (+33)' }));
    expect(screen.getByText('Please enter a valid WhatsApp number')).toBeTruthy();

    await user.click(country);
    await user.click(await screen.findByRole('option', { name: 'United Kingdom (+44)' }));
    await waitFor(() =>
      expect(screen.queryByText('Please enter a valid WhatsApp number')).toBeNull(),
    );
    expect(
      screen.getByRole('textbox', { name: 'WhatsApp (optional)' }).getAttribute('aria-invalid'),
    ).not.toBe('true');
  });
});
