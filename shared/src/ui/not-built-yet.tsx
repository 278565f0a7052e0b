import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/use-auth';
import { userDisplayName } from '../auth/user-display';
import { PATHS } from '../contract/paths.js';

export interface NotBuiltYetProps {
  title: string;
  /** The team that builds the page: 'host' or a remote's name. */
  remote: string;
}

/** The body of a page a later issue builds; it still uses the host's router and auth state. */
export function NotBuiltYet({ title, remote }: NotBuiltYetProps) {
  const { user } = useAuth();
  return (
    <Container size="sm" py={64}>
      <Stack gap="sm">
        <Title order={1}>{title}</Title>
        <Text>This page is not built yet. It will be delivered by the {remote} team.</Text>
        <Text c="dimmed" fz="sm">
          {user ? `Signed in as ${userDisplayName(user)}.` : 'You are browsing as a visitor.'}
        </Text>
        <Anchor component={Link} to={PATHS.createProject} w="fit-content">
          Create a trek request
        </Anchor>
      </Stack>
    </Container>
  );
}
