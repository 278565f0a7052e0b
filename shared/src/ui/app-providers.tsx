import { MantineProvider } from '@mantine/core';
import {
  Notifications,
  notificationsStore,
  updateNotificationsState,
} from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { cssVariablesResolver, theme } from '../theme';

/** At most one toast at a time, 5000 ms by default (docs/product/site.md). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

/** Height of the site's header: toasts start below it. */
export const HEADER_HEIGHT_PX = 64;

/** The key that moves focus to the toasts (docs/product/site.md). */
export const TOAST_VIEWPORT_KEY = 'F8';

/**
 * The newest toast replaces the one on screen, as the spec's one-toast list does. Mantine's limit
 * queues the others instead, each shown for its full time after the one before: a "Profile photo
 * updated" could then greet the person who had just deleted their account.
 */
function showNewestToastOnly(): () => void {
  return notificationsStore.subscribe(({ queue }) => {
    if (queue.length === 0) return;
    updateNotificationsState(notificationsStore, (toasts) => toasts.slice(-TOAST_LIMIT));
  });
}

/**
 * Where toasts appear: at the top right, below the header, so they cover no navigation (the
 * header's menu above, the wizard's Back/Next bar at the bottom of a phone). F8 moves focus to
 * them, a named region, from anywhere on the page.
 */
function ToastViewport() {
  const viewport = useRef<HTMLElement>(null);
  useEffect(showNewestToastOnly, []);
  useEffect(() => {
    const focusToasts = (event: KeyboardEvent) => {
      if (event.key !== TOAST_VIEWPORT_KEY) return;
      event.preventDefault();
      viewport.current?.focus();
    };
    window.addEventListener('keydown', focusToasts);
    return () => window.removeEventListener('keydown', focusToasts);
  }, []);
  return (
    <section ref={viewport} aria-label="Notifications (F8)" tabIndex={-1}>
      <Notifications
        limit={TOAST_LIMIT}
        autoClose={TOAST_DURATION_MS}
        position="top-right"
        withinPortal={false}
        // Below the header. Only the top roots move: a bottom root is placed by `bottom`.
        styles={{ root: { marginTop: HEADER_HEIGHT_PX } }}
      />
    </section>
  );
}

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
      <ToastViewport />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
