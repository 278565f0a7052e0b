import { Box } from '@mantine/core';
import { type Location, Outlet, ScrollRestoration } from 'react-router-dom';
import classes from './app-layout.module.css';
import { RouteAnnouncer } from './route-announcer';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Where a page's scroll position is kept: by React Router's key of the history entry (every page
 * loaded afresh gets its own, `giveLoadedPageAHistoryKey`). An entry the browser made itself, a
 * jump to `#main-content` by the skip link, has none ('default'): it is kept by its path and
 * fragment, never by its query (which may carry a token).
 */
export function scrollPositionKey(location: Location): string {
  return location.key === 'default'
    ? `fragment:${location.pathname}${location.hash}`
    : location.key;
}

/** Header and footer stay up whatever a remote does; pages render in between. */
export function AppLayout() {
  return (
    <Box className={classes.shell}>
      <a className={classes.skipLink} href="#main-content">
        Skip to content
      </a>
      <SiteHeader />
      <Box component="main" id="main-content" tabIndex={-1} className={classes.main}>
        <Outlet />
      </Box>
      <SiteFooter />
      <RouteAnnouncer mainId="main-content" />
      <ScrollRestoration getKey={scrollPositionKey} />
    </Box>
  );
}
