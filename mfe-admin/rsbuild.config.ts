import { defineRemoteConfig } from '@trek/shared/rsbuild-remote';

export default defineRemoteConfig({
  name: 'admin',
  title: 'Admin',
  exposes: { GuidesPage: './src/pages/guides-page.tsx' },
});
