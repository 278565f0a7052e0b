import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { SITE } from '@trek/shared';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';

/**
 * The host's last line: shown instead of the whole layout when something outside a page's own
 * boundaries fails (the header, the footer, the router). Plain links, no client-side routing,
 * since the router may be what broke.
 */
export function RootErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('[host] The site could not be shown.', error);
  }, [error]);
  return (
    <Container size="sm" py={64} component="main">
      <Stack gap="md">
        <Title order={1}>Something went wrong</Title>
        <Text>
          {SITE.name} ran into a problem and could not show this page. Reloading usually helps.
        </Text>
        <Group gap="sm">
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
          <Anchor href="/">Go to the home page</Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
