import type { MailMessage } from './mailer.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A plain, readable sign-in e-mail (with a simple HTML alternative). */
export function magicLinkEmail(to: string, firstName: string | null, link: string): MailMessage {
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  const text = [
    greeting,
    '',
    'Click the link below to sign in to TrekPeru and send your trek request to our guides:',
    '',
    link,
    '',
    'The link is valid for 15 minutes and works once.',
    'If you did not ask to sign in, you can ignore this e-mail: nothing happens without a click.',
    '',
    'TrekPeru',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>Click the link below to sign in to TrekPeru and send your trek request to our guides:</p>
<p><a href="${escapeHtml(link)}">Sign in to TrekPeru</a></p>
<p>The link is valid for 15 minutes and works once.<br>If you did not ask to sign in, you can ignore this e-mail.</p>`;
  return { to, subject: 'Your TrekPeru sign-in link', text, html };
}
