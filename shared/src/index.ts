// The public surface of @trek/shared, one Module Federation singleton: remotes call these exports
// on the host's copy. Its version moves with this list, minor for an addition, major for a
// removal, and shared/exports.json records the list of every version
// (docs/decisions/0005-versioned-shared-contract.md).
export { deleteAccountMutationOptions, requestDataExportMutationOptions } from './api/account';
// Admin guide management (issue 12).
export {
  createGuideMutationOptions,
  guidesQueryOptions,
  updateGuideMutationOptions,
} from './api/admin-guides';
export { userQueryOptions } from './api/auth';
export { ApiError } from './api/client';
export { healthQueryOptions } from './api/health';
export {
  type MagicLinkErrorCode,
  type MagicLinkResponse,
  magicLinkError,
  magicLinkSentStatus,
  requestMagicLink,
  requestMagicLinkMutationOptions,
  sendLinkingMagicLink,
  sendLinkingMagicLinkMutationOptions,
} from './api/magic-link';
export {
  type EmailChange,
  emailChangeQueryOptions,
  updateProfileMutationOptions,
} from './api/profile';
export {
  changeProfileImageMutationOptions,
  ProfileImageError,
  removeProfileImageMutationOptions,
} from './api/profile-image';
export {
  createProject,
  createProjectMutationOptions,
  deleteProjectMutationOptions,
  notifyGuidesMutationOptions,
  notifyPendingGuidesMutationOptions,
  projectQueryOptions,
  projectsQueryOptions,
  updateProjectMutationOptions,
} from './api/projects';
export { providersQueryOptions } from './api/providers';
export {
  type AuthMethods,
  authMethodsQueryOptions,
  linkMagicLinkMutationOptions,
  signOutOtherDevicesMutationOptions,
  unlinkSignInMethodMutationOptions,
} from './api/sign-in-methods';
export {
  type UserSettings,
  updateUserSettingsMutationOptions,
  userSettingsQueryOptions,
} from './api/user-settings';
export {
  RESEND_COOLDOWN_S,
  type ResendCountdown,
  resendSecondsLeft,
  sameAddress,
  useResendCountdown,
} from './auth/resend-countdown';
export { isSignInRequest, SIGN_IN_REQUEST_STATE } from './auth/sign-in-request';
export { useAuth, useLogout } from './auth/use-auth';
export { type MagicLinkSend, useMagicLinkSend } from './auth/use-magic-link-send';
export { userDisplayName, userInitial } from './auth/user-display';
export {
  badgeColoursFor,
  getDurationOptions,
  isDurationAvailable,
  nightsFromDuration,
} from './catalogue/durations';
export { trekImageFor } from './catalogue/images';
export { EDIT_PAGE_TREKS, findTrek, isTrekSelectable, WIZARD_TREKS } from './catalogue/treks';
// The site's URLs, from the federation contract (docs/decisions/0005-versioned-shared-contract.md):
// remote pages link through the host's copy, so they follow the host's route table.
export { hrefTo, PATHS } from './contract/paths.js';
export {
  addNightsIso,
  formatCreatedAt,
  formatDisplayDate,
  parseIsoDate,
  START_DATE_PASSED_MESSAGE,
  toIsoDate,
} from './format/dates';
export {
  type SingleFlightMutationResult,
  useSingleFlightMutation,
} from './query/use-single-flight-mutation';
export { createQueryClient } from './query-client';
export {
  type PreloadRoute,
  RoutePreloadProvider,
  usePreloadRoute,
} from './routing/route-preload';
export {
  DELETE_ACCOUNT_CONFIRMATION,
  displayNameSchema,
  NOTIFICATION_SETTINGS,
  type NotificationSetting,
  newEmailSchema,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
} from './schemas/account';
export { rateLimitMessage } from './schemas/api-error';
export { EMAIL_PATTERN, emailSchema, firstNameSchema, lastNameSchema } from './schemas/fields';
export {
  activationLink,
  type CreateGuideBody,
  GUIDE_LIMITS,
  GUIDE_LOCALES,
  GUIDE_STATUS_FILTERS,
  type Guide,
  type GuideList,
  type GuideLocale,
  type GuideStats,
  type GuideStatusFilter,
  guideListParamsSchema,
  guideNameSchema,
  guideZonesSchema,
  isWhatsappNumber,
  splitZones,
} from './schemas/guide';
export { OAUTH_FORM_DATA_MAX, registrationFormSchema } from './schemas/magic-link';
export {
  CAMPAIGN_TAG_MAX_LENGTH,
  type CreatedProjectSummary,
  type CreateProjectBody,
  campaignTag,
  createdProjectSummarySchema,
  LANGUAGE_KEYS,
  LANGUAGE_LABELS,
  type LanguageKey,
  languagesToText,
  type OriginalFormData,
  originalFormDataSchema,
  type Project,
  savedWizardAnswersSchema,
  trekRequestDescription,
  type WizardFormData,
  wizardFormDataSchema,
} from './schemas/project';
export {
  type EditableProject,
  editableProjectOf,
  endDateOf,
  FLEXIBILITY_WINDOW_DAYS,
  GROUP_SIZE,
  mergeProjectUpdate,
  type ProjectChange,
  type ProjectUpdateBody,
  projectUpdateBodySchema,
} from './schemas/project-update';
export type { User } from './schemas/user';
export { SITE } from './site';
export { pendingGuideNoticeOf, pendingGuideNoticesOf } from './storage/pending-guide-notices';
export {
  clearProjectEditDraft,
  type ProjectEditDraft,
  readProjectEditDraft,
  sameEditableProject,
  saveProjectEditDraft,
} from './storage/project-edit-draft';
export { browserStorage, readJson, removeKey, STORAGE_KEYS, writeJson } from './storage/storage';
export {
  rememberSubmitAfterSignIn,
  SUBMIT_AFTER_SIGN_IN_MAX_AGE_MS,
  takeSubmitAfterSignIn,
} from './storage/submit-after-sign-in';
export { AppProviders } from './ui/app-providers';
export { busyButtonProps, useKeepFocus } from './ui/keep-focus';
export { MagicLinkButton, type MagicLinkButtonProps } from './ui/magic-link-button';
export { NotBuiltYet } from './ui/not-built-yet';
export { PageMeta } from './ui/page-meta';
export { PageSkeleton } from './ui/page-skeleton';
export { PartDownloadBoundary, type PartDownloadBoundaryProps } from './ui/part-download-boundary';
export { RETRY_FAILED_AGAIN, RetryFailedAgainStatus } from './ui/retry-failed-again';
export {
  isChunkDownloadFailure,
  lazyWithRetry,
  type RetryableLazy,
  retryableLazy,
  retryFailedDownloads,
} from './ui/retryable-lazy';
export { socialSignInButtonContent } from './ui/social-sign-in';
export { useOnePress } from './ui/use-one-press';
export { type RetryableRead, useRetry } from './ui/use-retry';
