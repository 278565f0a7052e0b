import type { FormErrors } from '@mantine/form';
import {
  type CreateGuideBody,
  GUIDE_LOCALES,
  type GuideLocale,
  guideNameSchema,
  guideZonesSchema,
  splitZones,
} from '@trek/shared';

/** What the admin types: zones as one comma-separated text. */
export interface CreateGuideValues {
  name: string;
  locale: GuideLocale;
  zones: string;
  isActive: boolean;
}

/**
 * Most guides are Peruvians the business writes to in Spanish. New guides are active: the
 * admin creates a guide to send the activation link right away.
 */
export const EMPTY_GUIDE: CreateGuideValues = { name: '', locale: 'es', zones: '', isActive: true };

export const LOCALE_LABELS: Record<GuideLocale, string> = {
  fr: 'French',
  en: 'English',
  es: 'Spanish',
};

export const LOCALE_OPTIONS = GUIDE_LOCALES.map((locale) => ({
  value: locale,
  label: `${LOCALE_LABELS[locale]} (${locale})`,
}));

/**
 * What guideNameSchema says of a name blank once trimmed (spec section 5), the one refusal the
 * form also says as a toast.
 */
export const GUIDE_NAME_REQUIRED = 'Guide name is required';

/** The API's own rules, applied to what the form holds (spec section 5). */
export function validateCreateGuide(values: CreateGuideValues): FormErrors {
  const errors: FormErrors = {};
  const name = guideNameSchema.safeParse(values.name);
  if (!name.success) errors.name = name.error.issues[0]?.message ?? GUIDE_NAME_REQUIRED;
  const zones = guideZonesSchema.safeParse(splitZones(values.zones));
  if (!zones.success) errors.zones = zones.error.issues[0]?.message ?? 'Check the zones';
  return errors;
}

/** The body of POST /api/admin/guides: name trimmed, zones split on commas. */
export function toCreateGuideBody(values: CreateGuideValues): CreateGuideBody {
  return {
    name: values.name.trim(),
    locale: values.locale,
    zones: splitZones(values.zones),
    isActive: values.isActive,
  };
}
