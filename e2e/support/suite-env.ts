/**
 * Ports of the suite the e2e run starts: away from `npm start`'s defaults, so a developer's
 * running suite and the tests do not collide. `E2E_PORT_BASE` (default 3100) moves them all,
 * so two checkouts can run their end-to-end suites side by side: host on the base, the four
 * remotes on the next four ports, the API 1000 above.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 3100);

/**
 * Ports above 1024 that Chromium refuses to load from (ERR_UNSAFE_PORT: the well-known ports of
 * protocols a page could be made to talk to, such as X11's 6000 and IRC's 6665-6669).
 */
export const BROWSER_BLOCKED_PORTS: ReadonlySet<number> = new Set([
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669,
  6679, 6697, 10080,
]);

if (!Number.isInteger(base) || base < 1024 || base > 60_000) {
  throw new Error(`E2E_PORT_BASE must be a port number between 1024 and 60000 (got "${base}")`);
}
export const E2E_PORTS = {
  HOST_PORT: String(base),
  WIZARD_PORT: String(base + 1),
  PROJECTS_PORT: String(base + 2),
  ACCOUNT_PORT: String(base + 3),
  ADMIN_PORT: String(base + 4),
  API_PORT: String(base + 1000),
} as const;
const blocked = Object.values(E2E_PORTS).filter((port) => BROWSER_BLOCKED_PORTS.has(Number(port)));
if (blocked.length > 0) {
  throw new Error(
    `E2E_PORT_BASE ${base} puts the suite on port ${blocked.join(', ')}, which Chromium refuses to load from: choose another base`,
  );
}

export const BASE_URL = `http://localhost:${E2E_PORTS.HOST_PORT}`;

export const ADMIN_EMAIL = 'admin@trekperu.example';

/** The WhatsApp Cloud API settings of the suite: tests sign webhook calls as Meta would. */
export const WHATSAPP = {
  number: '51987654321',
  appSecret: 'e2e-whatsapp-app-secret',
  verifyToken: 'e2e-whatsapp-verify-token',
} as const;

export { CHROMIUM_LAUNCH } from './chromium.mjs';

export const TRAVELER_EMAIL = 'ana.quispe@example.com';

/** Accounts of the test OpenID Connect provider, playing Google. */
export const IDP_ACCOUNTS: Record<
  string,
  { email?: string; email_verified?: boolean; given_name?: string; family_name?: string }
> = {
  'rosa-google': {
    email: 'rosa.google@example.com',
    email_verified: true,
    given_name: 'Rosa',
    family_name: 'Flores',
  },
  'wizard-google': {
    email: 'wizard.google@example.com',
    email_verified: true,
    given_name: 'Luis',
    family_name: 'Condori',
  },
  // The header's Sign In, with a request saved in the wizard (social-sign-in.spec.ts).
  'header-sign-in-google': {
    email: 'header.google@example.com',
    email_verified: true,
    given_name: 'Inés',
  },
  'devices-google': {
    email: 'devices.google@example.com',
    email_verified: true,
    given_name: 'Eva',
  },
  'logout-google': { email: 'logout.google@example.com', email_verified: true, given_name: 'Teo' },
  'offsite-google': {
    email: 'offsite.google@example.com',
    email_verified: true,
    given_name: 'Olga',
  },
  'linker-google': { email: 'linker@example.com', email_verified: true, given_name: 'Lia' },
};

/** An admin address no account holds when the suite starts (global-setup makes it an admin). */
export const FACEBOOK_FIRST_ADMIN_EMAIL = 'lead.guide@trekperu.example';

/** Accounts of the Facebook test server (Graph API): /me reports these fields. */
export const FACEBOOK_ACCOUNTS: Record<
  string,
  { email?: string; first_name?: string; last_name?: string }
> = {
  'nomail-facebook': { first_name: 'Nina' },
  // The account settings journey from the wizard (account-settings.spec.ts).
  'settings-nomail-facebook': { first_name: 'Nico' },
  // The seeded traveler's address: signing in with it must not link silently.
  'owner-facebook': { email: TRAVELER_EMAIL, first_name: 'Ana' },
  // Claims an admin's address Facebook cannot vouch for.
  'claims-admin-facebook': {
    email: FACEBOOK_FIRST_ADMIN_EMAIL,
    first_name: 'Mallory',
    last_name: 'Claimant',
  },
};
