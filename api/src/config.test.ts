import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, proxyTrust, refusedValue } from './config.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(4000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.env).toBe('development');
    expect(config.publicOrigin).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.adminEmails).toEqual([]);
    expect(config.trustProxy).toBe('loopback');
  });

  it('hands out magic links in answers only in development on this machine', () => {
    expect(loadConfig({}).exposeMagicLinks).toBe(true);
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://trek.example' }).exposeMagicLinks).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).exposeMagicLinks).toBe(false);
  });

  it('offers the development sign-in for providers without credentials, on this machine only', () => {
    expect(loadConfig({}).developmentSignIn).toEqual(['google', 'facebook']);
    const googleSet = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(loadConfig(googleSet).developmentSignIn).toEqual(['facebook']);
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://127.0.0.1:5750' }).developmentSignIn).toHaveLength(
      2,
    );
    // Never in production, on a real domain, in tests, or when turned off.
    expect(loadConfig({ NODE_ENV: 'production' }).developmentSignIn).toEqual([]);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'http://localhost:3000' })
        .developmentSignIn,
    ).toEqual([]);
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://trek.example' }).developmentSignIn).toEqual([]);
    expect(
      loadConfig({ PUBLIC_ORIGIN: 'http://localhost.trek.example' }).developmentSignIn,
    ).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'test' }).developmentSignIn).toEqual([]);
    expect(loadConfig({ DEVELOPMENT_SIGN_IN: 'off' }).developmentSignIn).toEqual([]);
    expect(() => loadConfig({ DEVELOPMENT_SIGN_IN: 'on' })).toThrow(/DEVELOPMENT_SIGN_IN/);
  });

  it('believes X-Forwarded-For by default only from a proxy on this machine (the host server)', () => {
    const trust = proxyTrust(loadConfig({}));
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('127.0.0.2', 0)).toBe(true);
    expect(trust('::1', 0)).toBe(true);
    expect(trust('::ffff:127.0.0.1', 0)).toBe(true);
    // Whoever reaches an API listening on 0.0.0.0 directly cannot choose their address.
    expect(trust('203.0.113.5', 0)).toBe(false);
    expect(trust('::ffff:203.0.113.5', 0)).toBe(false);
    expect(trust('10.0.0.3', 0)).toBe(false);
    // One hop only: what the local proxy was told is not believed.
    expect(trust('127.0.0.1', 1)).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
    const two = proxyTrust(loadConfig({ TRUST_PROXY: '2' }));
    expect([two('203.0.113.5', 0), two('203.0.113.6', 1), two('203.0.113.7', 2)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(proxyTrust(loadConfig({ TRUST_PROXY: 'false' }))('127.0.0.1', 0)).toBe(false);
  });

  it('reads TRUST_PROXY as a number of proxy hops, or false', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('reads admin e-mails as a trimmed, lower-case list', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Rosa@Example.com, ,ops@example.com' }).adminEmails).toEqual(
      ['rosa@example.com', 'ops@example.com'],
    );
  });

  it('stops with a message naming the variable on a bad port', () => {
    expect(() => loadConfig({ API_PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ API_PORT: '70000' })).toThrow(/API_PORT.*"70000"/);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL and an unknown NODE_ENV', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
  });

  it('says which setting is refused and why without writing its password to the logs', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return error instanceof ConfigError ? error.message : String(error);
      }
      return 'accepted';
    };
    const database = refusal({ DATABASE_URL: 'postgress://app:db-Passw0rd@db/trek' });
    expect(database).toBe(
      'Invalid DATABASE_URL: must be a postgres:// or postgresql:// URL (got "postgress://app:***@db/trek")',
    );
    const smtp = refusal({ SMTP_URL: 'smtp//mailer:smtp-Passw0rd@mail.example:587' });
    expect(smtp).toMatch(
      /^Invalid SMTP_URL: .+ \(got "smtp\/\/mailer:\*\*\*@mail\.example:587"\)$/,
    );
    expect(smtp).not.toContain('smtp-Passw0rd');
    const query = refusal({ DATABASE_URL: 'mysql://db/trek?user=app&password=q-Passw0rd' });
    expect(query).toContain('(got "mysql://db/trek?user=app&password=***")');
    // An address without a password is shown as it is.
    expect(refusal({ SMTP_URL: 'smtp//mailer@mail.example' })).toContain(
      '(got "smtp//mailer@mail.example")',
    );
    // A secret setting's value is never shown, whatever it looks like.
    expect(refusedValue('WHATSAPP_APP_SECRET', 'app-secret-value')).toBe(
      'value not shown: it is a secret',
    );
    expect(refusedValue('FACEBOOK_CLIENT_SECRET', 'x')).not.toContain('x"');
    expect(refusedValue('WHATSAPP_VERIFY_TOKEN', 'verify-me')).not.toContain('verify-me');
  });

  it('keeps only the origin of PUBLIC_ORIGIN', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://trek.example/some/path' }).publicOrigin).toBe(
      'https://trek.example',
    );
  });

  it('reads the WhatsApp settings, each null when unset', () => {
    expect(loadConfig({}).whatsapp).toEqual({ number: null, appSecret: null, verifyToken: null });
    expect(
      loadConfig({
        WHATSAPP_NUMBER: ' 51987654321 ',
        WHATSAPP_APP_SECRET: 's3cret',
        WHATSAPP_VERIFY_TOKEN: 'tok',
      }).whatsapp,
    ).toEqual({ number: '51987654321', appSecret: 's3cret', verifyToken: 'tok' });
    // A number of the wrong shape starts the API: the admin page reports it where it matters.
    expect(loadConfig({ WHATSAPP_NUMBER: '+51 987' }).whatsapp.number).toBe('+51 987');
  });
});
