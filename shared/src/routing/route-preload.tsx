import { createContext, type ReactNode, useContext } from 'react';

/** Starts fetching the code of the page at `path`, for a route the user is likely to open next. */
export type PreloadRoute = (path: string) => void;

const noPreload: PreloadRoute = () => {};

const RoutePreloadContext = createContext<PreloadRoute>(noPreload);

/**
 * Given by the host, which alone knows which remote owns a URL; a remote asks for the next page
 * by path (the wizard for '/project-success' while a request is being created). Standalone, and
 * in tests, asking does nothing.
 */
export function RoutePreloadProvider({
  preloadRoute,
  children,
}: {
  preloadRoute: PreloadRoute;
  children: ReactNode;
}) {
  return <RoutePreloadContext value={preloadRoute}>{children}</RoutePreloadContext>;
}

export function usePreloadRoute(): PreloadRoute {
  return useContext(RoutePreloadContext);
}
