// @ts-check
// `@trek/shared/contract`: the federation contract and the site's URLs, without React, for
// Node scripts, Rsbuild configs and the API. Browser code gets the same values from
// `@trek/shared`.
export {
  chunkLoadingGlobalOf,
  isRemoteName,
  MANIFEST_FILE,
  PAGE_SLOT_MARKUP,
  prerenderedPageFileOf,
  REMOTE_ENTRY_FILE,
  REMOTE_NAMES,
  REMOTES,
  RESUMING_QUERY_PARAMETERS,
  SAVED_ANSWERS_COOKIE,
  SESSION_COOKIE,
  SHARED_PACKAGE_NAME,
  SLICED_LIBRARIES,
} from './federation.js';
export { isLoopback } from './network.js';
export {
  ADMIN_AREAS,
  API_PATHS,
  CAMPAIGN_QUERY_PARAMETERS,
  DEFAULT_RETURN_TO,
  hrefTo,
  isApiPath,
  isSitePath,
  PATHS,
  PROFILE_IMAGE_UPLOAD,
  prerenderedFileOf,
  RETURN_PATH_MAX_LENGTH,
  requiresAdmin,
  requiresSignIn,
  SIGNED_IN_AREAS,
  sameOriginPath,
} from './paths.js';
export {
  PROJECTS_FIRST_READ,
  REMOTE_ROUTES,
  remoteRouteOf,
  USER_READ_PATH,
} from './remote-routes.js';
export { PERMISSIONS_POLICY, STYLE_NONCE_PLACEHOLDER } from './security.js';

/** @typedef {import('./federation.js').RemoteName} RemoteName */
/** @typedef {import('./remote-routes.js').RemoteRoute} RemoteRoute */
/**
 * @template {RemoteName} R
 * @typedef {import('./federation.js').ExposedPage<R>} ExposedPage
 */
/**
 * @template {string} P
 * @typedef {import('./paths.js').PathParams<P>} PathParams
 */
