import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { theme } from '../theme';

/** The spec's toasts: at most one at a time, 5000 ms by default (section 9). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

/**
 * Providers every page needs: Mantine theme, toasts and the one QueryClient (date pickers add
 * EnGbDatesProvider from '@trek/shared/dates' where they are used). The host renders it once; a
 * remote only in its standalone dev bootstrap.
 */
export function AppProviders({
  queryClient,
  children,
  env = 'default',
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals for component tests. */
  env?: 'default' | 'test';
}) {
  return (
    <MantineProvider theme={theme} env={env}>
      <Notifications limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} position="top-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
