import { describe, expect, it } from 'vitest';
import { clearDeploymentSettings } from './deployment-settings';

describe('the e2e suite starts from an environment with no deployment settings', () => {
  it("clears the caller's database, mail, providers and servers, and keeps the rest", () => {
    const env: NodeJS.ProcessEnv = {
      DATABASE_URL: 'postgres://me:secret@localhost/trek',
      DATA_DIR: '/var/lib/trek',
      SMTP_URL: 'smtp://me:secret@smtp.example:587',
      GOOGLE_CLIENT_ID: 'real-client',
      ADMIN_EMAILS: 'me@example.com',
      NODE_ENV: 'production',
      REMOTE_WIZARD_URL: 'https://cdn.example/wizard/mf-manifest.json',
      REMOTE_MAP_FILE: '/srv/trek/remote-map.json',
      HOST_PORT: '8080',
      PUBLIC_ORIGIN: 'https://trekperu.example',
      PATH: '/usr/bin',
      CI: 'true',
      E2E_PORT_BASE: '5700',
      NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/company-ca.pem',
    };
    clearDeploymentSettings(env);
    expect(env).toEqual({
      PATH: '/usr/bin',
      CI: 'true',
      E2E_PORT_BASE: '5700',
      NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/company-ca.pem',
    });
  });
});
