import '@mantine/dates/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  Link,
  Outlet,
  type RouteObject,
  RouterProvider,
} from 'react-router-dom';
import { createQueryClient } from './query-client';
import { AppProviders } from './ui/app-providers';

/**
 * Dev bootstrap of a remote run alone (`pnpm --filter <remote> dev`): the providers and router
 * the host would give it, plus a thin bar linking the remote's own routes. Never used in the host.
 */
export function mountStandalone(remoteTitle: string, routes: RouteObject[]): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const links = routes.flatMap((route) =>
    route.path && !route.path.includes(':') ? [route.path] : [],
  );
  const router = createBrowserRouter([
    {
      element: (
        <>
          <Box component="header" bg="dark.7" c="white" py={6}>
            <Container size="lg">
              <Group gap="md">
                <Text fz="sm" fw={700}>
                  {remoteTitle} (standalone)
                </Text>
                {links.map((path) => (
                  <Anchor key={path} component={Link} to={path} fz="sm" c="gray.3">
                    {path}
                  </Anchor>
                ))}
              </Group>
            </Container>
          </Box>
          <Outlet />
        </>
      ),
      children: routes,
    },
  ]);
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
