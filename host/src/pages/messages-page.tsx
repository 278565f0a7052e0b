import { Button, Container, List, Stack, Text, Title } from '@mantine/core';
import { PageMeta } from '@trek/shared';
import { Link } from 'react-router-dom';

const PLANNED_FEATURES = [
  'Real-time chat with guides',
  'Photo and document sharing',
  'Trek updates and notifications',
  'Group messaging',
];

export function MessagesPage() {
  return (
    <>
      <PageMeta title="Messages" description="Messaging with your guides is coming soon." noIndex />
      <Container size="sm" py={64}>
        <Stack gap="md">
          <Title order={1}>Messaging Coming Soon</Title>
          <Text c="dimmed">
            Soon you will talk with the guides who answer your trek requests, right here.
          </Text>
          <Title order={2} fz="lg">
            Planned features
          </Title>
          <List spacing="xs">
            {PLANNED_FEATURES.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
          <Button component={Link} to="/create-project" radius="xl" w="fit-content">
            Create a new trek request
          </Button>
        </Stack>
      </Container>
    </>
  );
}
