import { z } from 'zod/mini';
import { PROFILE_IMAGE_UPLOAD } from '../contract/paths.js';
import { emailSchema, text } from './fields';
import { userSchema } from './user';

/**
 * The account remote's calls (docs/product/account.md). Request and response schemas of
 * /api/user/*, /api/profile-image* and the magic-link method of the settings page.
 */

/** The notification switches a traveler may turn on and off, in the order the page shows them. */
export const NOTIFICATION_SETTINGS = ['emailNotifications', 'newsletters', 'promotions'] as const;

export type NotificationSetting = (typeof NOTIFICATION_SETTINGS)[number];

/** GET /api/user/settings. Project updates are always on: the answer says so. */
export const userSettingsSchema = z.object({
  emailNotifications: z.boolean(),
  newsletters: z.boolean(),
  promotions: z.boolean(),
  projectUpdates: z.literal(true),
});

export type UserSettings = z.infer<typeof userSettingsSchema>;

/**
 * An account that never saved a switch: e-mails about its own requests on, marketing (newsletters,
 * promotions) off until the traveler asks for it.
 */
export const DEFAULT_USER_SETTINGS: UserSettings = {
  emailNotifications: true,
  newsletters: false,
  promotions: false,
  projectUpdates: true,
};

export const PROJECT_UPDATES_ALWAYS_ON = 'Project updates are always on and cannot be turned off.';

/**
 * PUT /api/user/settings: one switch (or more) at a time. `projectUpdates` may only be sent as
 * true; unknown names are refused rather than ignored.
 */
export const userSettingsUpdateSchema = z
  .strictObject({
    emailNotifications: z.optional(z.boolean()),
    newsletters: z.optional(z.boolean()),
    promotions: z.optional(z.boolean()),
    projectUpdates: z.optional(z.literal(true, { error: PROJECT_UPDATES_ALWAYS_ON })),
  })
  .check(z.refine((body) => Object.keys(body).length > 0, 'name at least one setting'));

export type UserSettingsUpdate = z.input<typeof userSettingsUpdateSchema>;

/** The name the account shows; one line of 1 to 100 printable characters, trimmed. */
export const displayNameSchema = text({
  max: 100,
  required: 'Please enter a display name.',
  tooLong: 'Please keep your display name to 100 characters or fewer.',
  noBidi: true,
});

/**
 * A new e-mail address for the account: the registration form's rule, and never an address that
 * cannot receive mail (`.invalid` is the placeholder domain of accounts a provider left without one).
 */
export const newEmailSchema = emailSchema.check(
  z.refine((value) => !value.endsWith('.invalid'), 'Please enter a real email address.'),
);

/**
 * PUT /api/user/profile: `displayName` is saved at once; `email` is changed only once the new
 * address is proven (a link is e-mailed to it).
 */
export const profileUpdateSchema = z
  .strictObject({ displayName: z.optional(displayNameSchema), email: z.optional(newEmailSchema) })
  .check(
    z.refine(
      (body) => body.displayName !== undefined || body.email !== undefined,
      'send displayName or email',
    ),
  );

export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** An e-mail change waiting for its link to be followed. */
export const emailChangeSchema = z.object({ email: z.string(), expiresAt: z.string() });

export type EmailChange = z.infer<typeof emailChangeSchema>;

/** The answer of PUT /api/user/profile: the user as saved, and the e-mail change it started. */
export const profileUpdateResponseSchema = z.object({
  user: userSchema,
  emailChange: z.nullable(emailChangeSchema),
});

export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

/** GET /api/user/email-change: the pending change, if any (it survives a reload of the page). */
export const pendingEmailChangeSchema = z.object({ emailChange: z.nullable(emailChangeSchema) });

/** Largest profile photo, in bytes (5 MB, as the photo dialog and the upload URL both enforce). */
export const PROFILE_IMAGE_MAX_BYTES = PROFILE_IMAGE_UPLOAD.maxBytes;

/** The image types a profile photo may be, recognised by their first bytes, not their name. */
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export type ProfileImageType = (typeof PROFILE_IMAGE_TYPES)[number];

/** POST /api/profile-image/upload: where to PUT the photo (single use, 10 minutes). */
export const uploadTicketSchema = z.object({ uploadURL: z.string() });

/**
 * PUT /api/profile-image: the upload URL the photo was sent to. Unknown names are refused, as on
 * every body of the API.
 */
export const profileImageUpdateSchema = z.strictObject({
  profileImageURL: z.string().check(z.minLength(1), z.maxLength(2000)),
});

/** The answer of PUT and DELETE /api/profile-image: the user with the new photo (or none). */
export const userResponseSchema = z.object({ user: userSchema });

/** The answer of POST /api/user/export-data (202): the export is queued. */
export const dataExportResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});

/** The word that enables the delete-account button. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';
