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

export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
