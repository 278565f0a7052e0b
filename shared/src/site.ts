/**
 * Replaced at build time by every build's `source.define` (shared/build/public-env.ts), with ''
 * when unset; tests read Node's own environment.
 */
function buildTimeMarketingUrl(): string | undefined {
  return process.env.PUBLIC_MARKETING_SITE_URL;
}

const marketingUrl = (buildTimeMarketingUrl() || 'https://trekperu.example').replace(/\/$/, '');

/** Site configuration: marketing site, contact details and social links (spec section 2). */
export const SITE = {
  name: 'TrekPeru',
  marketingUrl,
  /** The one legal notice page; Privacy Policy, Terms of Service and Legal Notice all point here. */
  legalUrl: `${marketingUrl}/legal-notice`,
  contact: {
    address: 'Calle Plateros 345, Cusco 08002, Peru',
    phone: '+51 84 234 567',
    email: 'hello@trekperu.example',
  },
  social: {
    facebook: 'https://www.facebook.com/trekperu',
    instagram: 'https://www.instagram.com/trekperu',
    youtube: 'https://www.youtube.com/@trekperu',
    tiktok: 'https://www.tiktok.com/@trekperu',
  },
  copyrightYear: 2025,
} as const;
