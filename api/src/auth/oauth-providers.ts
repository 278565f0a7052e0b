import { emailSchema, personNameSchema } from '@trek/shared/schemas';
import * as client from 'openid-client';
import type { Config } from '../config.js';

export type ProviderName = 'google' | 'facebook';
export const PROVIDER_NAMES: readonly ProviderName[] = ['google', 'facebook'];

/** Who the provider says signed in. Facebook never says whether an e-mail is verified. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

export interface OAuthProvider {
  /** The local development identity provider standing in for the real one (never production). */
  readonly development?: boolean;
  authorizationUrl(params: {
    state: string;
    codeChallenge: string;
    redirectUri: string;
  }): Promise<URL>;
  /** Exchanges the callback's code (checking state and PKCE) and reads the identity. */
  identify(
    callbackUrl: URL,
    checks: { state: string; codeVerifier: string },
  ): Promise<ProviderIdentity>;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** What a provider reports passes the same rules as what a person types, or counts as absent. */
function providerEmail(value: unknown): string | null {
  const parsed = emailSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function providerName(value: unknown): string | null {
  const parsed = personNameSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Plain http is only for a local test issuer; real providers are https. */
function insecureIfLocal(url: string) {
  return new URL(url).protocol === 'http:'
    ? { execute: [client.allowInsecureRequests] }
    : undefined;
}

/** An OpenID Connect provider found by discovery (Google; any local test issuer). */
export function oidcProvider(
  issuer: string,
  clientId: string,
  clientSecret: string,
  scope: string,
): OAuthProvider {
  let configuration: Promise<client.Configuration> | undefined;
  const config = () => {
    configuration ??= client
      .discovery(new URL(issuer), clientId, clientSecret, undefined, insecureIfLocal(issuer))
      .catch((error: unknown) => {
        configuration = undefined; // try discovery again next time
        throw error;
      });
    return configuration;
  };
  return {
    async authorizationUrl({ state, codeChallenge, redirectUri }) {
      return client.buildAuthorizationUrl(await config(), {
        redirect_uri: redirectUri,
        scope,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
    },
    async identify(callbackUrl, { state, codeVerifier }) {
      const tokens = await client.authorizationCodeGrant(await config(), callbackUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error('The provider returned no subject');
      const info = await client.fetchUserInfo(await config(), tokens.access_token, claims.sub);
      const merged: Record<string, unknown> = { ...claims, ...info };
      return {
        subject: String(claims.sub),
        email: providerEmail(merged.email),
        emailVerified: merged.email_verified === true,
        firstName: providerName(merged.given_name),
        lastName: providerName(merged.family_name),
      };
    },
  };
}

/** Facebook's Graph API login: OAuth 2.0 with PKCE, the profile from /me. */
function facebookGraphProvider(settings: NonNullable<Config['oauth']['facebook']>): OAuthProvider {
  const configuration = new client.Configuration(
    {
      issuer: 'https://www.facebook.com',
      authorization_endpoint: settings.authorizationUrl,
      token_endpoint: settings.tokenUrl,
    },
    settings.clientId,
    settings.clientSecret,
  );
  return {
    async authorizationUrl({ state, codeChallenge, redirectUri }) {
      return client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'email public_profile',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
    },
    async identify(callbackUrl, { state, codeVerifier }) {
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
      });
      const res = await client.fetchProtectedResource(
        configuration,
        tokens.access_token,
        new URL(settings.userinfoUrl),
        'GET',
      );
      const profile = (await res.json()) as Record<string, unknown>;
      const subject = text(profile.id) ?? text(profile.sub);
      if (!subject) throw new Error('Facebook returned no account id');
      return {
        subject,
        email: providerEmail(profile.email),
        emailVerified: false,
        firstName: providerName(profile.first_name),
        lastName: providerName(profile.last_name),
      };
    },
  };
}

/** The configured providers; one without credentials is absent (shown as unavailable). */
export function createOAuthProviders(config: Config): Partial<Record<ProviderName, OAuthProvider>> {
  const providers: Partial<Record<ProviderName, OAuthProvider>> = {};
  const { google, facebook } = config.oauth;
  if (google)
    providers.google = oidcProvider(
      google.issuer,
      google.clientId,
      google.clientSecret,
      'openid email profile',
    );
  if (facebook) {
    providers.facebook = facebook.issuer
      ? oidcProvider(
          facebook.issuer,
          facebook.clientId,
          facebook.clientSecret,
          'openid email profile',
        )
      : facebookGraphProvider(facebook);
  }
  return providers;
}
