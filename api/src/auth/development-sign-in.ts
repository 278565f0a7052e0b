import type { Config } from '../config.js';
import { type OAuthProvider, oidcProvider, type ProviderName } from './oauth-providers.js';

/**
 * The development sign-in: the local OpenID Connect provider the tests use, with a form that signs
 * in any e-mail, standing in for each provider that has no credentials. Started only for the
 * providers `config.developmentSignIn` names: development on this machine, never production.
 */
export async function startDevelopmentSignIn(config: Config) {
  if (config.developmentSignIn.length === 0) return null;
  // Imported on demand: the test provider and oidc-provider are development dependencies.
  const { startOidcTestProvider, TEST_CLIENT_IDS } = await import(
    '../testing/oidc-test-provider.js'
  );
  const idp = await startOidcTestProvider(config.publicOrigin, { development: true });
  const providers: Partial<Record<ProviderName, OAuthProvider>> = {};
  for (const name of config.developmentSignIn) {
    const clientId = TEST_CLIENT_IDS[name];
    providers[name] = {
      ...oidcProvider(idp.issuer, clientId, `${clientId}-secret`, 'openid email profile'),
      development: true,
    };
  }
  return { issuer: idp.issuer, providers, close: idp.close };
}
