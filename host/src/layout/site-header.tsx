import { Box, Button, Container, Group, Skeleton } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { PATHS, SIGN_IN_REQUEST_STATE, SITE, useAuth } from '@trek/shared';
import { Link, useLocation } from 'react-router-dom';
import { remotePages } from '../remote-pages';
import { Logo } from './logo';
import classes from './site-header.module.css';
import { UserAccount } from './user-account';

/** The wizard's URLs: the "create page", whose header shows a border only once scrolled. */
const CREATE_PAGE_PATHS = new Set<string>([PATHS.home, PATHS.newTrek, PATHS.createProject]);
const SCROLL_BORDER_THRESHOLD_PX = 10;

/** Holds the account area's place until the user is known. */
function AccountPlaceholder() {
  return <Skeleton height={36} width={96} radius="xl" aria-hidden />;
}

export function SiteHeader() {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  const [scroll] = useWindowScroll();
  const onCreatePage = CREATE_PAGE_PATHS.has(pathname);
  const bordered = !onCreatePage || scroll.y > SCROLL_BORDER_THRESHOLD_PX;

  return (
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
  );
}
