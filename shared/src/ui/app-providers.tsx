import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from '../theme';

/** At most one toast at a time, 5000 ms by default (docs/product/site.md). */
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
  styleNonce,
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals for component tests. */
  env?: 'default' | 'test';
  /** The page's CSP nonce, put on the style elements Mantine writes (none outside the host). */
  styleNonce?: string;
}) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      env={env}
      {...(styleNonce ? { getStyleNonce: () => styleNonce } : {})}
    >
      <Notifications limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} position="top-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
