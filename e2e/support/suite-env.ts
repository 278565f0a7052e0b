/**
 * Ports of the suite the e2e run starts: away from `npm start`'s defaults, so a developer's
 * running suite and the tests do not collide.
 */
export const E2E_PORTS = {
  HOST_PORT: '3100',
  WIZARD_PORT: '3101',
  PROJECTS_PORT: '3102',
  ACCOUNT_PORT: '3103',
  ADMIN_PORT: '3104',
  API_PORT: '4100',
} as const;

export const BASE_URL = `http://localhost:${E2E_PORTS.HOST_PORT}`;

export const ADMIN_EMAIL = 'admin@trekperu.example';

export { CHROMIUM_LAUNCH } from './chromium.mjs';

export const TRAVELLER_EMAIL = 'ana.quispe@example.com';

/** Accounts of the test identity provider (it plays both Google and Facebook). */
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
  'nomail-facebook': { given_name: 'Nina' },
  // The seeded traveller's address: signing in with it must not link silently.
  'owner-facebook': { email: TRAVELLER_EMAIL, given_name: 'Ana' },
};
