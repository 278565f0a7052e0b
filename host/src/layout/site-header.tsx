import { Box, Button, Container, Group, Skeleton } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { PATHS, SIGN_IN_REQUEST_STATE, SITE, useAuth } from '@trek/shared';
import { Link, matchPath, useLocation } from 'react-router-dom';
import { remotePages } from '../remote-pages';
import { Logo } from './logo';
import classes from './site-header.module.css';
import { UserAccount } from './user-account';

/**
 * The wizard's URLs: the "create page", whose header shows a border only once scrolled. Matched
 * as the router matches them (any case, a trailing slash), since it serves the page there too.
 */
const CREATE_PAGE_PATHS = [PATHS.home, PATHS.newTrek, PATHS.createProject];
/**
 * Watched at the top of the document instead of the scroll position: reading `scrollY` on every
 * scroll re-rendered the header each pixel, and its first read, as the app mounted, forced a
 * layout of the whole new page inside the start's longest task. The observer answers after the
 * browser's own layout. Its height is the 10 px of scroll after which the border shows.
 */
const SCROLL_SENTINEL_OPTIONS: IntersectionObserverInit = { threshold: 0 };

/** Holds the account area's place until the user is known. */
function AccountPlaceholder() {
  return <Skeleton height={36} width={96} radius="xl" aria-hidden />;
}

export function SiteHeader() {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  const onCreatePage = CREATE_PAGE_PATHS.some((path) => matchPath(path, pathname) !== null);
  const { ref: scrollSentinel, entry } = useIntersection<HTMLDivElement>(SCROLL_SENTINEL_OPTIONS);
  const scrolledPastTop = entry !== null && !entry.isIntersecting;
  const bordered = !onCreatePage || scrolledPastTop;

  return (
    <>
      {onCreatePage && <div ref={scrollSentinel} className={classes.scrollSentinel} aria-hidden />}
      <Box component="header" className={classes.header} data-bordered={bordered || undefined}>
        <Container size="lg" className={classes.inner}>
          <a href={SITE.marketingUrl} className={classes.logoLink} aria-label={`${SITE.name} home`}>
            <Logo />
          </a>
          <Group gap="sm">
            {isLoading ? (
              <AccountPlaceholder />
            ) : user ? (
              <UserAccount user={user} />
            ) : (
              <Button
                component={Link}
                to={PATHS.newTrek}
                // The spec's target, where the wizard opens its sign-in modal: a person pressing
                // Sign In means to sign in, from the wizard or from any other page.
                state={SIGN_IN_REQUEST_STATE}
                radius="xl"
                onPointerEnter={remotePages.requestWizard.preload}
                onFocus={remotePages.requestWizard.preload}
              >
                Sign In
              </Button>
            )}
          </Group>
        </Container>
      </Box>
    </>
  );
}
