import {
  Badge,
  Card,
  Code,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { healthQueryOptions, PageMeta } from '@trek/shared';
import { healthStatus } from './health-status';

const ROADMAP = [
  {
    phase: 'Phase 1',
    title: 'Passwordless magic-link login',
    text: 'Sign in by e-mail link, Google or Facebook.',
  },
  {
    phase: 'Phase 2',
    title: 'Data layer',
    text: 'Projects, offers and messaging stored in PostgreSQL.',
  },
  {
    phase: 'Phase 3',
    title: 'Frontend',
    text: 'The request wizard, projects, settings and admin screens.',
  },
  {
    phase: 'Phase 4',
    title: 'Payments, messaging and guide system',
    text: 'Bookings, chat with guides and guide onboarding.',
  },
];

const STATUS_COLOURS = { 'Checking...': 'gray', Active: 'green', Inactive: 'red' } as const;

export function InternalDevPage() {
  const health = useQuery(healthQueryOptions());
  const status = healthStatus(health);

  return (
    <>
      <PageMeta
        title="Internal development"
        description="Internal development page. Not for public use."
        noIndex
      />
      <Container size="lg" py={48}>
        <Stack gap="xs" mb="xl">
          <Badge color="red" variant="light" w="fit-content">
            Internal: not for public use
          </Badge>
          <Title order={1}>TrekPeru development</Title>
          <Text c="dimmed">Where the product stands, and how to run it on your machine.</Text>
        </Stack>

        <Title order={2} fz="xl" mb="md">
          Roadmap
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          {ROADMAP.map((item) => (
            <Card key={item.phase} withBorder radius="md" padding="md">
              <Text fz="xs" c="dimmed" fw={700} tt="uppercase">
                {item.phase}
              </Text>
              <Title order={3} fz="md" my={4}>
                {item.title}
              </Title>
              <Text fz="sm" c="dimmed">
                {item.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="xl">
          <Card withBorder radius="md" padding="lg" aria-labelledby="system-status-title">
            <Title order={2} fz="xl" id="system-status-title">
              System status
            </Title>
            <Group gap="sm" mt="sm" aria-live="polite">
              <Text>API</Text>
              <Badge color={STATUS_COLOURS[status]} variant="light" size="lg">
                {status}
              </Badge>
            </Group>
            <Text fz="xs" c="dimmed" mt="sm">
              Checked every 30 seconds through <Code>GET /health</Code>.
            </Text>
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} fz="xl">
              Setup instructions
            </Title>
            <List spacing="xs" mt="sm" type="ordered">
              <List.Item>
                Install Node.js 20.19 or later (npm comes with it); everything else installs itself.
              </List.Item>
              <List.Item>
                Start the whole suite with <Code>npm start</Code> and open http://localhost:3000.
              </List.Item>
              <List.Item>
                Run every check (lint, types, unit, API and end-to-end tests) with{' '}
                <Code>npm test</Code>.
              </List.Item>
              <List.Item>
                Work on one remote alone with <Code>pnpm --filter &lt;remote&gt; dev</Code>.
              </List.Item>
            </List>
          </Card>
        </SimpleGrid>
      </Container>
    </>
  );
}
