import { usePreloadRoute } from '@trek/shared';

/**
 * Handlers for a link: its page's code starts loading when the pointer rests on it or the keyboard
 * reaches it, before the click (the host knows which remote owns the path).
 */
export function usePreloadOnIntent(path: string) {
  const preloadRoute = usePreloadRoute();
  const preload = () => preloadRoute(path);
  return { onMouseEnter: preload, onFocus: preload };
}
