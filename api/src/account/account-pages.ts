import { createHash } from 'node:crypto';
import { PATHS } from '@trek/shared/contract';
import type { FastifyReply } from 'fastify';
import { escapeHtml, page } from '../auth/magic-link-pages.js';

/** Disables the button once pressed: a double click must not post the single-use token twice. */
const SUBMIT_ONCE_SCRIPT =
  "document.querySelector('form').addEventListener('submit',function(e){var b=this.querySelector('button');if(b.disabled){e.preventDefault();return}b.disabled=true;b.textContent='Confirming…'});";

/** The confirmation page's CSP: nothing from elsewhere, inline style, the script above by hash. */
export const CONFIRM_PAGE_CSP = `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; script-src 'sha256-${createHash('sha256').update(SUBMIT_ONCE_SCRIPT).digest('base64')}'`;

export function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Referrer-Policy', 'no-referrer')
    .send(html);
}

const settingsButton = `<a class="button" href="${PATHS.settings}">Go to your settings</a>`;

/**
 * The page an e-mail-change link opens. Only its button's POST changes the e-mail: mail scanners
 * open links, and a GET that changed it would act for nobody.
 */
export function confirmEmailChangePage(token: string, email: string): string {
  return page(
    'Confirm your new email address',
    `<h1>Confirm your new email address</h1><p>Use <strong>${escapeHtml(email)}</strong> as the email address of your TrekPeru account.</p>
<form method="post" action="/api/user/email-change/confirm"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit" autofocus>Confirm email address</button></form><script>${SUBMIT_ONCE_SCRIPT}</script>`,
  );
}

export function emailChangeExpiredPage(): string {
  return page(
    'Link expired',
    `<h1>This link has expired or was already used.</h1><p>Links to confirm an email address work once and for 24 hours. You can ask for a new one in your settings.</p>
${settingsButton}`,
  );
}

/** Followed in a browser where the account is not signed in: nothing changes. */
export function emailChangeNeedsSessionPage(): string {
  return page(
    'Sign in to confirm',
    `<h1>Sign in to confirm your new email address</h1><p>For your safety, the address is changed only from a browser where you are signed in to TrekPeru. Sign in, then open the link from the e-mail again.</p>
<a class="button" href="${PATHS.signIn}?returnTo=${encodeURIComponent(PATHS.settings)}">Sign in</a>`,
  );
}

export function emailTakenPage(): string {
  return page(
    'Email address already used',
    `<h1>This email address is already used by another account.</h1><p>Your email address was not changed. You can choose another one in your settings.</p>
${settingsButton}`,
  );
}

export function exportNotFoundPage(): string {
  return page(
    'Download not found',
    `<h1>This download is not available.</h1><p>Data exports can be downloaded for 24 hours, by the account that asked for them. You can ask for a new export in your settings.</p>
${settingsButton}`,
  );
}
