// @ts-check
/**
 * Security headers every server of the site sends alike (docs/decisions/0004-page-security-headers.md).
 */

/** Powerful browser features the site never uses, switched off for its pages and anything framed. */
const DISABLED_FEATURES = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
];
export const PERMISSIONS_POLICY = DISABLED_FEATURES.map((feature) => `${feature}=()`).join(', ');

/**
 * Where markup made at build time (the host's prerendered pages) puts the page's CSP nonce: the
 * server writes each answer's own nonce in its place.
 */
export const STYLE_NONCE_PLACEHOLDER = '__TREK_STYLE_NONCE__';
