import { z } from 'zod/mini';
import { text, trimInvisible } from './fields';

/**
 * Guides and how they join (docs/product/admin.md): the admin's calls, and the rules the admin
 * form and the API share.
 */

/** The language the business writes to a guide in (spec section 9). */
export const GUIDE_LOCALES = ['fr', 'en', 'es'] as const;
export const guideLocaleSchema = z.enum(GUIDE_LOCALES);
export type GuideLocale = z.infer<typeof guideLocaleSchema>;

/** Longest name, longest zone, most zones of one guide. */
export const GUIDE_LIMITS = { name: 100, zone: 60, zones: 20 } as const;

export const GUIDE_NAME_REQUIRED = 'Guide name is required';

/** A guide's name: required once spaces and invisible characters are trimmed. */
export const guideNameSchema = text({
  max: GUIDE_LIMITS.name,
  required: GUIDE_NAME_REQUIRED,
  noBidi: true,
  tooLong: `Guide name must be at most ${GUIDE_LIMITS.name} characters`,
});

/** The same zone twice (in any case) is one zone. */
function withoutRepeats(zones: string[]): string[] {
  const seen = new Set<string>();
  return zones.filter((zone) => {
    const key = zone.toLocaleLowerCase('en');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The zones a guide works in: each trimmed, blank ones dropped, repeats dropped, in the order
 * given. The API applies it to what it receives, the form to what `splitZones` made of the text.
 */
export const guideZonesSchema = z.pipe(
  z
    .array(
      text({
        max: GUIDE_LIMITS.zone,
        noBidi: true,
        tooLong: `Each zone must be at most ${GUIDE_LIMITS.zone} characters`,
      }),
    )
    .check(z.maxLength(GUIDE_LIMITS.zones, `At most ${GUIDE_LIMITS.zones} zones`)),
  z.transform((zones: string[]) => withoutRepeats(zones.filter((zone) => zone !== ''))),
);

/** The form's zones field: split on commas, trimmed, empty parts dropped (spec section 5). */
export function splitZones(input: string): string[] {
  return input
    .split(',')
    .map(trimInvisible)
    .filter((zone) => zone !== '');
}

/**
 * The spec's `secret` field of admin writes is not used (the server checks the session; a secret
 * shipped to browsers protects nothing): a client built to the spec may still send it, so it is
 * a known name, accepted and ignored. Any other unknown name is refused.
 */
const ignoredSecret = z.optional(z.string());

/** POST /api/admin/guides. */
export const createGuideBodySchema = z.strictObject({
  name: guideNameSchema,
  locale: guideLocaleSchema,
  zones: z._default(guideZonesSchema, []),
  isActive: z._default(z.boolean(), true),
  secret: ignoredSecret,
});

export type CreateGuideBody = z.input<typeof createGuideBodySchema>;
/** The body once parsed: name trimmed, zones cleaned, defaults filled in. */
export type NewGuide = z.output<typeof createGuideBodySchema>;

/** PATCH /api/admin/guides/:id: any of the fields a guide is created with, at least one. */
export const updateGuideBodySchema = z
  .strictObject({
    name: z.optional(guideNameSchema),
    locale: z.optional(guideLocaleSchema),
    zones: z.optional(guideZonesSchema),
    isActive: z.optional(z.boolean()),
    secret: ignoredSecret,
  })
  .check(
    z.refine(
      ({ secret: _ignored, ...changes }) =>
        Object.values(changes).some((value) => value !== undefined),
      'must change at least one of name, locale, zones, isActive',
    ),
  );

export type UpdateGuideBody = z.input<typeof updateGuideBodySchema>;
export type GuideChanges = z.output<typeof updateGuideBodySchema>;

/** PATCH /api/admin/guides/:id: an id that is no guide's answers 404. */
export const guideParamsSchema = z.object({ id: z.uuid() });

/** A guide as the admin reads it. `whatsappId` is set once the guide has joined. */
export const guideSchema = z.object({
  id: z.string(),
  name: z.string(),
  locale: guideLocaleSchema,
  zones: z.array(z.string()),
  isActive: z.boolean(),
  joinCode: z.string(),
  whatsappId: z.nullable(z.string()),
  createdAt: z.string(),
});

export type Guide = z.infer<typeof guideSchema>;

function count() {
  return z.number().check(z.int(), z.minimum(0));
}

export const guideStatsSchema = z.object({
  total: count(),
  active: count(),
  /** Guides who have joined through WhatsApp. */
  connected: count(),
  /** Guides who have not joined yet. */
  pendingActivation: count(),
});

export type GuideStats = z.infer<typeof guideStatsSchema>;

/** The figures above the list, from the list itself. */
export function guideStatsOf(guides: readonly Guide[]): GuideStats {
  const connected = guides.filter((guide) => guide.whatsappId !== null).length;
  return {
    total: guides.length,
    active: guides.filter((guide) => guide.isActive).length,
    connected,
    pendingActivation: guides.length - connected,
  };
}

/**
 * GET /api/admin/guides: every guide, newest first, the figures, and the business WhatsApp number
 * the activation links open (`WHATSAPP_NUMBER` as configured, null when unset).
 */
export const guideListSchema = z.object({
  guides: z.array(guideSchema),
  stats: guideStatsSchema,
  whatsappNumber: z.nullable(z.string()),
});

export type GuideList = z.infer<typeof guideListSchema>;

/** The statuses the admin's guide list filters by (docs/product/admin.md), 'all' first. */
export const GUIDE_STATUS_FILTERS = ['all', 'pending', 'connected', 'inactive'] as const;
export type GuideStatusFilter = (typeof GUIDE_STATUS_FILTERS)[number];

/**
 * The guide list's search and status filter as the page's address keeps them (`?q=&status=`,
 * read with `URLSearchParams.get`). Anyone can type an address: a missing search reads as none,
 * and a status that is missing or unknown as 'all'.
 */
export const guideListParamsSchema = z.object({
  q: z.catch(z.string(), ''),
  status: z.catch(z.enum(GUIDE_STATUS_FILTERS), 'all'),
});

/** The business number in international form, digits only: 8 to 15 of them (spec section 5). */
export const WHATSAPP_NUMBER_PATTERN = /^\d{8,15}$/;

export function isWhatsappNumber(value: string | null | undefined): value is string {
  return typeof value === 'string' && WHATSAPP_NUMBER_PATTERN.test(value);
}

/** What a guide sends to join: 'JOIN-<joinCode>'. */
export const JOIN_MESSAGE_PREFIX = 'JOIN-';

export function joinMessageOf(joinCode: string): string {
  return `${JOIN_MESSAGE_PREFIX}${joinCode}`;
}

/**
 * The link that opens WhatsApp on a chat with the business, the join message typed in; null when
 * the number is not 8 to 15 digits (the page says 'Configuration Error' instead).
 */
export function activationLink(whatsappNumber: string | null, joinCode: string): string | null {
  if (!isWhatsappNumber(whatsappNumber)) return null;
  return `https://wa.me/${whatsappNumber}?text=${encodeURIComponent(joinMessageOf(joinCode))}`;
}

const JOIN_MESSAGE = /^\s*JOIN-([A-Z0-9]{1,64})\s*$/i;

/** The code of a join message, in upper case: any case, spaces around allowed; else null. */
export function joinCodeFromMessage(message: string): string | null {
  const code = JOIN_MESSAGE.exec(message)?.[1];
  return code ? code.toUpperCase() : null;
}
