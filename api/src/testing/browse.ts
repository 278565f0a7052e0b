import { TEST_ORIGIN as ORIGIN, type TestApi } from './test-api.js';

/** Follows redirects by hand, keeping each host's cookies, until the browser would land on the site. */
export async function browse(
  api: TestApi,
  start: string,
  cookies = new Map<string, string>(),
  /** A form the first request posts, as a person submitting a provider's sign-in screen. */
  form?: Record<string, string>,
) {
  let url = new URL(start, api.url);
  for (let hop = 0; hop < 15; hop += 1) {
    const jar = cookies.get(url.host) ?? '';
    const posted = hop === 0 && form ? new URLSearchParams(form).toString() : undefined;
    const res = await fetch(url, {
      redirect: 'manual',
      headers: {
        ...(jar ? { cookie: jar } : {}),
        ...(posted ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(posted ? { method: 'POST', body: posted } : {}),
    });
    const setCookies = res.headers.getSetCookie();
    if (setCookies.length) {
      const current = new Map(
        (cookies.get(url.host) ?? '')
          .split('; ')
          .filter(Boolean)
          .map((c) => c.split('=') as [string, string]),
      );
      for (const header of setCookies) {
        const [pair = ''] = header.split(';');
        const [name = '', ...value] = pair.split('=');
        current.set(name, value.join('='));
      }
      cookies.set(url.host, [...current].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const location = res.headers.get('location');
    if (!location || res.status < 300 || res.status >= 400) return { url, res, cookies };
    const next = new URL(location, url);
    // The site's own origin is the API under test.
    url = next.origin === ORIGIN ? new URL(`${next.pathname}${next.search}`, api.url) : next;
    if (
      url.origin === api.url &&
      !url.pathname.startsWith('/auth/') &&
      !url.pathname.startsWith('/api/')
    ) {
      return { url, res, cookies };
    }
  }
  throw new Error('too many redirects');
}
