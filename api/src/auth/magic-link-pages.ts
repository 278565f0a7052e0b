import { createHash } from 'node:crypto';
import { PATHS } from '@trek/shared/contract';

/** Disables Continue once pressed: a double click must not post the single-use token twice. */
const SUBMIT_ONCE_SCRIPT =
  "document.querySelector('form').addEventListener('submit',function(e){var b=this.querySelector('button');if(b.disabled){e.preventDefault();return}b.disabled=true;b.textContent='Signing in…'});";

/** The page's CSP: nothing from elsewhere, inline style, and only the script above (by hash). */
export const CONTINUE_PAGE_CSP = `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; script-src 'sha256-${createHash('sha256').update(SUBMIT_ONCE_SCRIPT).digest('base64')}'`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f8f9fa;color:#212529;margin:0;display:grid;place-items:center;min-height:100vh}
main{box-sizing:border-box;background:#fff;border:1px solid #dee2e6;border-radius:12px;padding:32px 24px;max-width:420px;width:calc(100% - 32px);text-align:center;overflow-wrap:anywhere}
h1{font-size:22px;margin:0 0 12px}p{color:#495057;line-height:1.5}
button,a.button{display:inline-block;margin-top:16px;background:#087f5b;color:#fff;border:0;border-radius:8px;padding:12px 28px;font-size:16px;font-weight:600;cursor:pointer;text-decoration:none}
button:focus-visible,a.button:focus-visible{outline:3px solid #63e6be;outline-offset:2px}`;

/** A small self-contained page of the API (no script unless the caller's CSP allows one). */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The page a magic link opens. Only its button's POST uses the token up: mail scanners (Microsoft
 * Safe Links and the like) open links, and a GET that signed in would burn the token first.
 */
export function continuePage(token: string, email: string, linking?: string): string {
  const connect = linking
    ? ` and connect your <strong>${escapeHtml(providerLabel(linking))}</strong> account to it`
    : '';
  return page(
    'Sign in to TrekPeru',
    `<h1>Sign in to TrekPeru</h1><p>Continue to sign in as <strong>${escapeHtml(email)}</strong>${connect}.</p>
<form method="post" action="/api/auth/magic-link"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit" autofocus>Continue</button></form><script>${SUBMIT_ONCE_SCRIPT}</script>`,
  );
}

function providerLabel(provider: string): string {
  return provider === 'google' ? 'Google' : provider === 'facebook' ? 'Facebook' : provider;
}

/** Signed in, but the provider was not linked: the link was opened in another browser. */
export function notLinkedPage(provider: string, continueTo: string): string {
  const name = escapeHtml(providerLabel(provider));
  return page(
    'Signed in to TrekPeru',
    `<h1>You are signed in</h1><p>Your ${name} account was not connected: for your safety it is connected only from the browser that started signing in with ${name}. To connect it, sign in with ${name} again in this browser.</p>
<a class="button" href="${escapeHtml(continueTo)}">Continue</a>`,
  );
}

/**
 * A link that no longer signs in. With a trek request saved in this browser (the wizard's flag
 * cookie), a new link is asked for from the wizard, where the request waits; otherwise from the
 * sign-in page.
 */
export function expiredPage({ savedRequest }: { savedRequest: boolean }): string {
  const next = savedRequest
    ? {
        text: 'Ask for a new one: your trek request is still saved in this browser.',
        href: PATHS.createProject,
      }
    : { text: 'Ask for a new one.', href: PATHS.signIn };
  return page(
    'Sign-in link expired',
    `<h1>This sign-in link has expired or was already used.</h1><p>Links work once and for 15 minutes. ${next.text}</p>
<a class="button" href="${next.href}">Request a new link</a>`,
  );
}
