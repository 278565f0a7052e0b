import type { MailMessage } from './mailer.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function message(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { href: string; label: string },
): MailMessage {
  const text = [
    'Hello,',
    '',
    ...paragraphs.flatMap((p, i) => (i === 0 && link ? [p, '', link.href, ''] : [p, ''])),
    'TrekPeru',
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    ...paragraphs.map((p, i) =>
      i === 0 && link
        ? `<p>${escapeHtml(p)}</p>\n<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`
        : `<p>${escapeHtml(p)}</p>`,
    ),
    '<p>TrekPeru</p>',
  ].join('\n');
  return { to, subject, text, html };
}

/**
 * To an address another account asked for while it belongs to an account already: no link (the
 * change can never be made), only word of it. The asker is answered as for any address.
 */
export function emailTakenNotice(to: string): MailMessage {
  return message(to, 'Someone asked to use your TrekPeru email address', [
    'Someone asked to use this address for a TrekPeru account, but it already belongs to a TrekPeru account, so nothing was changed.',
    'If that was you, sign in to the account that has this address, or choose another address for the other account. If it was not you, ignore this e-mail.',
  ]);
}

/** To the new address: following the link makes it the account's e-mail. */
export function emailChangeEmail(to: string, link: string, validHours: number): MailMessage {
  return message(
    to,
    'Confirm your new TrekPeru email address',
    [
      'Someone asked to use this address for their TrekPeru account. If that was you, open the link below in the browser where you are signed in to TrekPeru and confirm:',
      `The link works once and for ${validHours} hours.`,
      'If it was not you, ignore this e-mail: nothing changes without a click.',
    ],
    { href: link, label: 'Confirm this email address' },
  );
}

/** To the old address, once the change is made. */
export function emailChangedNotice(to: string, newEmail: string): MailMessage {
  return message(to, 'Your TrekPeru email address was changed', [
    `The email address of your TrekPeru account is now ${newEmail}. Sign-in links and notifications go there from now on.`,
    'If you did not make this change, reply to this e-mail so we can help you get your account back.',
  ]);
}

/** The data export is ready. */
export function dataExportEmail(to: string, link: string, validHours: number): MailMessage {
  return message(
    to,
    'Your TrekPeru data export is ready',
    [
      'The file with everything TrekPeru holds about you is ready. Download it while signed in to TrekPeru:',
      `The link works for ${validHours} hours, only for you.`,
    ],
    { href: link, label: 'Download your data' },
  );
}
