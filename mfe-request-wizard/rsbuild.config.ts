import { defineRemoteConfig } from '@trek/shared/rsbuild-remote';

export default defineRemoteConfig({
  name: 'wizard',
  title: 'Trek request',
  exposes: {
    RequestWizardPage: './src/pages/request-wizard-page.tsx',
    ProjectSuccessPage: './src/pages/project-success-page.tsx',
  },
});
