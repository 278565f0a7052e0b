import { PATHS } from '@trek/shared';
import type { ExposedPage } from '@trek/shared/contract';
import { renderPageFragment } from '@trek/shared/prerender';
import RequestWizardPage from './pages/request-wizard-page';

/**
 * The pages whose first screen is the same for every visitor with nothing saved, signed in or
 * not (the server sends it to both): the wizard opens on its first step. Built for Node and
 * rendered after the build (shared/build/prerender-pages.mjs) for the host's server to send in
 * the page (docs/decisions/0007-what-the-browser-receives.md). The success page shows what the
 * browser saved, so it is not here.
 */
export const PRERENDERED_PAGES: Partial<Record<ExposedPage<'wizard'>, () => string>> = {
  RequestWizardPage: () => renderPageFragment(<RequestWizardPage />, PATHS.createProject),
};
