import { Box } from '@mantine/core';
import { type Location, Outlet, ScrollRestoration } from 'react-router-dom';
import classes from './app-layout.module.css';
import { RouteAnnouncer } from './route-announcer';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Where a page's scroll position is kept. React Router names every page loaded afresh (typed,
 * a link from an e-mail, a sign-in's redirect) 'default', so by its own key each would open at
 * the place the last one was left; by its address, a reload still returns to where it was.
 */
export function scrollPositionKey(location: Location): string {
  return location.key === 'default'
    ? `loaded:${location.pathname}${location.search}`
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
