import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { PageMeta } from '@trek/shared';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <>
      <PageMeta
        title="Trail Not Found"
        description="The page you're looking for doesn't exist or has been moved."
        noIndex
      />
      <Container size="sm" py={80}>
        <Stack align="center" ta="center" gap="md">
          <Title order={1}>Trail Not Found</Title>
          <Text c="dimmed">The page you're looking for doesn't exist or has been moved.</Text>
          <Button component={Link} to="/create-project" radius="xl">
            Back to Home
          </Button>
        </Stack>
      </Container>
    </>
  );
}
