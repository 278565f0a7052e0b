import type { MailMessage } from './mailer.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const PROVIDER_LABELS: Record<string, string> = { google: 'Google', facebook: 'Facebook' };

/**
 * A plain, readable sign-in e-mail (with a simple HTML alternative). With `linking`, it says
 * plainly that following it connects that provider account, so nobody connects one unawares.
 */
export function magicLinkEmail(
  to: string,
  firstName: string | null,
  link: string,
  linking?: string,
  /** Says what following the link does, instead of the sign-in wording. */
  intro?: string,
): MailMessage {
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  const provider = linking ? (PROVIDER_LABELS[linking] ?? linking) : null;
  const opening = intro
    ? intro
    : provider
      ? `Someone signed in with a ${provider} account that uses this e-mail address. If that was you, click the link below, in the same browser, to sign in to TrekPeru and connect that ${provider} account:`
      : 'Click the link below to sign in to TrekPeru and send your trek request to our guides:';
  const ignore = provider
    ? `If it was not you, ignore this e-mail: no ${provider} account is connected without it.`
    : 'If you did not ask to sign in, you can ignore this e-mail: nothing happens without a click.';
  const text = [
    greeting,
    '',
    opening,
    '',
    link,
    '',
    'The link is valid for 15 minutes and works once.',
    ignore,
    '',
    'TrekPeru',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(opening)}</p>
<p><a href="${escapeHtml(link)}">${provider ? `Sign in and connect ${escapeHtml(provider)}` : 'Sign in to TrekPeru'}</a></p>
<p>The link is valid for 15 minutes and works once.<br>${escapeHtml(ignore)}</p>`;
  const subject = provider
    ? `Connect ${provider} to your TrekPeru account`
    : 'Your TrekPeru sign-in link';
  return { to, subject, text, html };
}
