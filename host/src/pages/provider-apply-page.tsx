import { Anchor, Badge, Button, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { PageMeta } from '@trek/shared';
import { Link } from 'react-router-dom';

const APPLICATION_REQUIREMENTS = [
  'Certifications',
  'Experience',
  'References',
  'First aid training',
  'Language and cultural skills',
  'Insurance',
];

export function ProviderApplyPage() {
  return (
    <>
      <PageMeta
        title="Become a Guide"
        description="Local mountain guides in Peru will soon apply to answer trek requests."
      />
      <Container size="sm" py={64}>
        <Stack gap="md">
          <Title order={1}>Become a Guide</Title>
          <Text c="dimmed">
            Share the mountains you know with travellers from all over the world and receive trek
            requests that match your routes and languages.
          </Text>
          <Badge variant="light" size="lg" w="fit-content">
            Provider Application Coming Soon
          </Badge>
          <Title order={2} fz="lg">
            What we will ask for
          </Title>
          <List spacing="xs">
            {APPLICATION_REQUIREMENTS.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
          <Group gap="sm" mt="sm">
            <Button component={Link} to="/create-project" variant="light" radius="xl">
              Browse Trek Requests
            </Button>
            {/* No action yet: a placeholder until applications open (docs/product/site.md). */}
            <Button radius="xl" type="button">
              Notify Me When Ready
            </Button>
          </Group>
          <Anchor component={Link} to="/provider/onboarding" fz="sm">
            See how onboarding will work
          </Anchor>
        </Stack>
      </Container>
    </>
  );
}
