import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { STYLE_NONCE_PLACEHOLDER } from '../contract/security.js';
import { createQueryClient } from '../query-client';
import { cssVariablesResolver, theme } from '../theme';

/**
 * A remote page's markup as the browser's first render of it shows before anything is known
 * about the visitor (no user yet, no saved data), for a remote's build to write beside its code
 * (shared/build/prerender-pages.mjs). The host's server puts it in the page it sends, inside the
 * host's own frame, so the page's content paints before any script has arrived
 * (docs/decisions/0007-what-the-browser-receives.md). The host's page already carries Mantine's
 * CSS variables and global classes; the responsive styles the page writes carry the nonce
 * placeholder the server replaces with each answer's nonce. The server sends it to signed-in
 * users too: a page whose first screen differs for them must not be prerendered.
 */
export function renderPageFragment(page: ReactElement, path: string): string {
  return renderToString(
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      withCssVariables={false}
      withGlobalClasses={false}
      getStyleNonce={() => STYLE_NONCE_PLACEHOLDER}
    >
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
    // Its ids (and the responsive style classes Mantine names by them) must not meet the
    // frame's, which another render made.
    { identifierPrefix: 'page-' },
  );
}
