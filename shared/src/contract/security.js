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
