import { describe, expect, it } from 'vitest';
import { isDownloadFailure } from './page-fallbacks';
import { RemoteUnavailableError } from './remote-unavailable-error';

describe('isDownloadFailure', () => {
  it.each([
    ['rspack', Object.assign(new Error('Loading chunk 731 failed.'), { name: 'ChunkLoadError' })],
    [
      'a CSS chunk',
      new Error('Loading CSS chunk dates-step failed.\n(/static/css/dates-step.css)'),
    ],
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: /dates-step.js')],
    ['Firefox', new TypeError('error loading dynamically imported module: /dates-step.js')],
    ['WebKit', new TypeError('Importing a module script failed.')],
    ['the federation runtime', new RemoteUnavailableError('wizard')],
  ])('takes the download failure %s reports for one', (_, error) => {
    expect(isDownloadFailure(error)).toBe(true);
  });

  it('takes a fault of the page for what it is', () => {
    expect(isDownloadFailure(new TypeError('projects is not iterable'))).toBe(false);
    expect(isDownloadFailure('Loading chunk 1 failed')).toBe(false);
  });
});
