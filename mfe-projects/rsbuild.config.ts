import { defineRemoteConfig } from '@trek/shared/rsbuild-remote';

export default defineRemoteConfig({
  name: 'projects',
  title: 'Projects',
  exposes: {
    ProjectsPage: './src/pages/projects-page.tsx',
    ProjectDetailPage: './src/pages/project-detail-page.tsx',
    ProjectEditPage: './src/pages/project-edit-page.tsx',
  },
});
