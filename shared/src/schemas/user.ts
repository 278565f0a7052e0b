import { z } from 'zod/mini';

/**
 * The signed-in user of GET /api/auth/user (docs/product/sign-in.md, "The user"). `email` is
 * always there: an account a provider made without one holds a placeholder address
 * (`hasTemporaryEmail`).
 */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  displayName: z.nullable(z.string()),
  profileImageUrl: z.nullable(z.string()),
  providers: z.array(z.object({ provider: z.string() })),
  isAdmin: z.boolean(),
  hasTemporaryEmail: z.boolean(),
});

export type User = z.infer<typeof userSchema>;

export const authMethodSchema = z.object({ connected: z.boolean(), emailVerified: z.boolean() });

/** GET /api/auth/methods. */
export const authMethodsSchema = z.object({
  google: authMethodSchema,
  facebook: authMethodSchema,
  magicLink: authMethodSchema,
  hasMultipleMethods: z.boolean(),
});

export type AuthMethods = z.infer<typeof authMethodsSchema>;

export const SIGN_IN_METHODS = ['google', 'facebook', 'magicLink'] as const;

/** POST /api/auth/unlink. Unknown names are refused, as on every body of the API. */
export const unlinkRequestSchema = z.strictObject({ provider: z.enum(SIGN_IN_METHODS) });

export type UnlinkRequest = z.infer<typeof unlinkRequestSchema>;

/** The answer of calls that only say they were done (unlink, logout). */
export const successResponseSchema = z.object({ success: z.literal(true) });

/**
 * The body of POST /api/auth/logout and /api/auth/logout-all-devices: clients send none, but
 * whatever arrives (an empty JSON body, `{}`, `[]`) is ignored, because signing out must never
 * fail on it. The JSON parser still refuses malformed JSON and other content types.
 */
export const emptyRequestSchema = z.pipe(
  z.unknown(),
  z.transform(() => undefined),
);

/** POST /api/auth/logout-all-devices: how many other sessions were ended. */
export const signOutOtherDevicesResponseSchema = z.extend(successResponseSchema, {
  endedSessions: z.number().check(z.int(), z.minimum(0)),
});

/**
 * One social sign-in: usable at all, and whether the API's local development identity provider
 * stands in for it (`npm start` without credentials; never in production).
 */
const providerStatusSchema = z.object({
  available: z.boolean(),
  development: z._default(z.boolean(), false),
});

/** GET /api/auth/providers: which social sign-ins the server can use. */
export const providersSchema = z.object({
  google: providerStatusSchema,
  facebook: providerStatusSchema,
});

export type Providers = z.infer<typeof providersSchema>;
