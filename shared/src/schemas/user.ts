import { z } from 'zod';

/** The signed-in user (spec section 3, plus id, isAdmin and hasTemporaryEmail: ARCHITECTURE 4). */
export const userSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  displayName: z.string().nullable(),
  profileImageUrl: z.string().nullable().optional(),
  providers: z.array(z.object({ provider: z.string() })),
  isAdmin: z.boolean(),
  hasTemporaryEmail: z.boolean(),
});

export type User = z.infer<typeof userSchema>;

export const authMethodSchema = z.object({ connected: z.boolean(), emailVerified: z.boolean() });

export const authMethodsSchema = z.object({
  google: authMethodSchema,
  facebook: authMethodSchema,
  magicLink: authMethodSchema,
  hasMultipleMethods: z.boolean(),
});

export type AuthMethods = z.infer<typeof authMethodsSchema>;

export const userSettingsSchema = z.object({
  emailNotifications: z.boolean(),
  newsletters: z.boolean(),
  promotions: z.boolean(),
});

export type UserSettings = z.infer<typeof userSettingsSchema>;
