import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, stubFetch } from '../../../test/render';
import { RegistrationModal } from './registration-modal';

function open() {
  return renderPage(<RegistrationModal opened onClose={() => {}} />);
}

async function fill(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value) await user.type(input, value);
}

describe('RegistrationModal', () => {
  it('shows each validation message in the spec order, and never sends WhatsApp', async () => {
    const fetchMock = stubFetch({
      user: null,
      handler: (url) =>
        url === '/api/auth/request-magic-link'
          ? Response.json({
              success: true,
              magicLink: 'http://localhost/api/auth/magic-link?token=t',
            })
          : undefined,
    });
    const user = userEvent.setup();
    open();
    const send = await screen.findByRole('button', { name: 'Email me a sign-in link' });

    await user.click(send);
    expect(await screen.findByText('Please enter your first name.')).toBeTruthy();
    await fill(user, 'First Name *', 'Ana');
    await user.click(send);
    expect(await screen.findByText('Please enter your last name.')).toBeTruthy();
    await fill(user, 'Last Name *', 'Quispe');
    await user.click(send);
    expect(await screen.findByText('Please enter your email address.')).toBeTruthy();
    await fill(user, 'Email *', 'ana@example');
    await user.click(send);
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    await fill(user, 'Email *', 'ana@example.com');
    await fill(user, 'WhatsApp (optional)', '12');
    await user.click(send);
    expect(await screen.findByText('Please enter a valid WhatsApp number')).toBeTruthy();
    await fill(user, 'WhatsApp (optional)', '415 555 0100');
    await user.click(send);

    expect(await screen.findByText('The magic link is valid for 15 minutes.')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/request-magic-link');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Quispe',
      redirectTo: '/create-project?auth=success',
    });
    const resend = screen.getByRole('button', { name: /Resend in \d+s/ });
    expect(resend.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('link', { name: 'Use test link' }).getAttribute('href')).toContain(
      'token=t',
    );

    await user.click(screen.getByRole('button', { name: 'Change details' }));
    expect((screen.getByLabelText('Email *') as HTMLInputElement).value).toBe('ana@example.com');
  });

  it('maps a rate limit to its message and lets the traveller retry', async () => {
    stubFetch({
      user: null,
      handler: (url) =>
        url === '/api/auth/request-magic-link'
          ? new Response('{"message":"Too many requests. Please try again in a minute."}', {
              status: 429,
            })
          : undefined,
    });
    const user = userEvent.setup();
    open();
    await fill(user, 'First Name *', 'Ana');
    await fill(user, 'Last Name *', 'Quispe');
    await fill(user, 'Email *', 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please try again in a minute.',
    );
    expect(
      screen.getByRole('button', { name: 'Email me a sign-in link' }).hasAttribute('disabled'),
    ).toBe(false);
  });

  it('offers no test link when the server does not return one', async () => {
    stubFetch({
      user: null,
      handler: (url) =>
        url === '/api/auth/request-magic-link' ? Response.json({ success: true }) : undefined,
    });
    const user = userEvent.setup();
    open();
    await fill(user, 'First Name *', 'Ana');
    await fill(user, 'Last Name *', 'Quispe');
    await fill(user, 'Email *', 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    await screen.findByText('The magic link is valid for 15 minutes.');
    expect(screen.queryByRole('link', { name: 'Use test link' })).toBeNull();
  });
});
