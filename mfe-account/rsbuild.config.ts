import { defineRemoteConfig } from '@trek/shared/rsbuild-remote';

export default defineRemoteConfig({
  name: 'account',
  title: 'Account',
  exposes: { SettingsPage: './src/pages/settings-page.tsx' },
});
