/**
 * Paths that look same-origin but leave the site once a URL parser or a browser normalises them
 * (dot segments, backslashes, their encoded forms): every redirect must fall back on each.
 */
export const OFF_SITE_REDIRECTS = [
  'https://evil.example/x',
  '//evil.example',
  '/\\evil.example',
  '/.//evil.example',
  '/.//evil.example/phish',
  '/..//evil.example/x',
  '/%2e%2e//evil.example',
  '/%2E%2E//evil.example',
  '/%2e//evil.example',
  '/.%2e//evil.example',
  '/a/../..//evil.example',
  '/./\\evil.example',
  '/.\\/evil.example',
  '/..\\\\evil.example',
  '/\\/evil.example',
  '/%2e%2e/\\evil.example',
] as const;
