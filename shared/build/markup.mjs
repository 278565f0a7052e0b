// @ts-check
/** Facts about markup rendered at build time, for the scripts that write it into pages. */
import { createHash } from 'node:crypto';

/**
 * The hashes of the style attributes in some markup, which a page's policy allows one by one
 * (docs/decisions/0004-page-security-headers.md).
 * @param {string} html
 * @returns {string[]} base64 SHA-256 hashes, sorted, each once
 */
export function styleAttributeHashes(html) {
  return [
    ...new Set(
      [...html.matchAll(/\sstyle="([^"]*)"/g)].map(([, value = '']) =>
        createHash('sha256').update(decodeEntities(value)).digest('base64'),
      ),
    ),
  ].sort();
}

/**
 * Splits React's rendering of a page into the title it set (if any) and the markup after the
 * title and meta elements it writes first (in the browser React puts them in the head).
 * @param {string} rendered
 * @returns {{ title: string | undefined, html: string }}
 */
export function splitHead(rendered) {
  const head = /^(?:<title>([^<]*)<\/title>)?((?:<meta\b[^>]*\/>)*)/.exec(rendered);
  return {
    title: head?.[1] === undefined ? undefined : decodeEntities(head[1]),
    html: rendered.slice(head?.[0].length ?? 0),
  };
}

/**
 * An attribute's value as the browser reads it (React escapes these five).
 * @param {string} value
 */
function decodeEntities(value) {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
