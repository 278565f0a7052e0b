import { Box } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import classes from './app-layout.module.css';
import { PageScrollRestoration } from './page-scroll-restoration';
import { RouteAnnouncer } from './route-announcer';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

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
      <PageScrollRestoration />
    </Box>
  );
}
