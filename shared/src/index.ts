// The public surface of @trek/shared, one Module Federation singleton. Add exports; never remove
// or change one incompatibly: remotes built against an older version run in a newer host.
// Schemas the API alone uses stay on the '@trek/shared/schemas' entry.
export { fetchCurrentUser, logout, userQueryOptions } from './api/auth';
export { ApiError, apiRequest, type HttpMethod, type RequestOptions } from './api/client';
export { fetchHealth, HEALTH_POLL_MS, healthQueryOptions } from './api/health';
export {
  type LinkingMagicLinkRequest,
  type MagicLinkRequest,
  type MagicLinkResponse,
  magicLinkResponseSchema,
  requestMagicLink,
  requestMagicLinkMutationOptions,
  sendLinkingMagicLink,
  sendLinkingMagicLinkMutationOptions,
} from './api/magic-link';
export {
  createProject,
  createProjectMutationOptions,
  fetchProject,
  fetchProjects,
  projectQueryOptions,
  projectsQueryOptions,
} from './api/projects';
export { type Providers, providersQueryOptions, providersSchema } from './api/providers';
export { type AuthState, useAuth, useLogout } from './auth/use-auth';
export { userDisplayName, userInitial } from './auth/user-display';
export {
  type BadgeColours,
  badgeColoursFor,
  DEFAULT_BADGE_COLOURS,
  DURATION_BADGE_COLOURS,
  DURATION_OPTIONS,
  type DurationOption,
  getDurationOptions,
  isDurationAvailable,
  nightsFromDuration,
} from './catalogue/durations';
export { TREK_IMAGES, trekImageFor } from './catalogue/images';
export {
  EDIT_PAGE_TREKS,
  findTrek,
  isTrekSelectable,
  type Trek,
  WIZARD_TREKS,
} from './catalogue/treks';
export {
  addNightsIso,
  DATE_LOCALE,
  formatCreatedAt,
  formatDisplayDate,
  isPastDate,
  parseIsoDate,
  toIsoDate,
  WEEK_STARTS_ON,
} from './format/dates';
export { createQueryClient } from './query-client';
export {
  type PreloadRoute,
  RoutePreloadProvider,
  usePreloadRoute,
} from './routing/route-preload';
export {
  type ApiErrorBody,
  type ApiErrorCode,
  apiErrorBodySchema,
  rateLimitMessage,
} from './schemas/api-error';
export {
  EMAIL_PATTERN,
  emailSchema,
  firstNameSchema,
  freeText,
  isoDateSchema,
  lastNameSchema,
  lineText,
  personNameSchema,
} from './schemas/fields';
export { type Health, healthSchema } from './schemas/health';
export { OAUTH_FORM_DATA_MAX } from './schemas/magic-link';
export {
  type CreatedProjectSummary,
  type CreateProjectBody,
  createdProjectSummarySchema,
  createProjectBodySchema,
  type Guide,
  guideSchema,
  LANGUAGE_KEYS,
  type LanguageKey,
  languageKeySchema,
  type Project,
  projectListSchema,
  projectSchema,
  type WizardFormData,
  wizardFormDataSchema,
} from './schemas/project';
export {
  type AuthMethods,
  authMethodsSchema,
  type User,
  type UserSettings,
  userSchema,
  userSettingsSchema,
} from './schemas/user';
export { SITE } from './site';
export {
  browserStorage,
  readJson,
  removeKey,
  STORAGE_KEYS,
  type StorageKey,
  writeJson,
} from './storage/storage';
export { theme } from './theme';
export { AppProviders, TOAST_DURATION_MS, TOAST_LIMIT } from './ui/app-providers';
export { NotBuiltYet, type NotBuiltYetProps } from './ui/not-built-yet';
export { PageMeta, type PageMetaProps } from './ui/page-meta';
export { PageSkeleton } from './ui/page-skeleton';
