export interface Country {
  code: string;
  name: string;
  dialCode: string;
}

/** The country chooser of the registration modal; United States first, the default (docs/product/sign-in.md). */
export const COUNTRIES: readonly Country[] = [
  { code: 'US', name: 'United States', dialCode: '+1' },
  { code: 'FR', name: 'France', dialCode: '+33' },
  { code: 'GB', name: 'United Kingdom', dialCode: '+44' },
  { code: 'ES', name: 'Spain', dialCode: '+34' },
  { code: 'DE', name: 'Germany', dialCode: '+49' },
  { code: 'IT', name: 'Italy', dialCode: '+39' },
  { code: 'CA', name: 'Canada', dialCode: '+1' },
  { code: 'AU', name: 'Australia', dialCode: '+61' },
  { code: 'PE', name: 'Peru', dialCode: '+51' },
];

export const DEFAULT_COUNTRY_CODE = 'US';

/** Search by name, dial code or country code. */
export function matchesCountry(country: Country, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return (
    country.name.toLowerCase().includes(q) ||
    country.dialCode.includes(q.startsWith('+') ? q : `+${q}`) ||
    country.code.toLowerCase() === q
  );
}

export function findCountry(code: string): Country {
  return COUNTRIES.find((c) => c.code === code) ?? (COUNTRIES[0] as Country);
}
