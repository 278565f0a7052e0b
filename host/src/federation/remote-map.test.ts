import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRemoteMap } from './remote-map';

function documentWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument();
  const script = doc.createElement('script');
  script.id = 'remote-map';
  script.type = 'application/json';
  script.textContent = json;
  doc.head.append(script);
  return doc;
}

describe('readRemoteMap', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads each remote manifest URL from the JSON script of index.html', () => {
    const map = readRemoteMap(
      documentWith(
        JSON.stringify({
          wizard: 'http://cdn.test/wizard/mf-manifest.json',
          projects: 'http://localhost:3002/mf-manifest.json',
          account: 'http://localhost:3003/mf-manifest.json',
          admin: 'http://localhost:3004/mf-manifest.json',
        }),
      ),
    );
    expect(map.wizard).toBe('http://cdn.test/wizard/mf-manifest.json');
    expect(map.admin).toBe('http://localhost:3004/mf-manifest.json');
  });

  it('drops an entry that is not a URL and keeps the others', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const map = readRemoteMap(
      documentWith(
        JSON.stringify({ wizard: 'not a url', projects: 'http://localhost:3002/m.json' }),
      ),
    );
    expect(map).toEqual({ projects: 'http://localhost:3002/m.json' });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('"wizard"'));
  });

  it('gives an empty map for invalid JSON instead of breaking the shell', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readRemoteMap(documentWith('{oops'))).toEqual({});
  });
});
