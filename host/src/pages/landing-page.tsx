import { Button, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PageMeta } from '@trek/shared';
import { CAMPAIGN_QUERY_PARAMETERS } from '@trek/shared/contract';
import { Link, useLocation } from 'react-router-dom';
import { remotePages } from '../remote-pages';

const BENEFITS = [
  {
    title: 'Expert Local Guides',
    text: 'Certified, vetted and insured mountain guides who were born in the Andes and know every pass.',
  },
  {
    title: 'Easy Booking Process',
    text: 'Describe your trek once. Guides answer with personalised offers; you choose when you are ready.',
  },
  {
    title: 'Safe and Secure',
    text: 'Booking is a request system: nothing is charged until you confirm the offer you prefer.',
  },
];

const CAMPAIGN_TAGS: readonly string[] = Object.values(CAMPAIGN_QUERY_PARAMETERS);

/**
 * The wizard's address, with the campaign tags this page was reached with: the wizard reads them
 * from its own address, and a visitor who came by a campaign link to this page would otherwise
 * be recorded as having come from none.
 */
export function createProjectHref(search: string): string {
  const tags = new URLSearchParams(
    [...new URLSearchParams(search)].filter(([name]) => CAMPAIGN_TAGS.includes(name)),
  );
  // Not `tags.size`: Safari 16 and Chrome before 113, which the build targets, lack it.
  const query = tags.toString();
  return query ? `/create-project?${query}` : '/create-project';
}

export function LandingPage() {
  const { search } = useLocation();
  return (
    <>
      <PageMeta
        title="Welcome"
        description="Request a custom guided trek in Peru and receive personalised offers from local mountain guides."
      />
      <Container size="lg" py={64}>
        <Stack align="center" gap="md" ta="center">
          <Title order={1} fz={{ base: 36, sm: 48 }}>
            Welcome
          </Title>
          <Text c="dimmed" fz="lg" maw={560}>
            Tell local guides about the trek you dream of in Peru and receive personalised offers.
          </Text>
          {/* A navigation, not a data call: the API answers with the sign-in page. */}
          <Button component="a" href="/api/login" size="lg" radius="xl">
            Sign In to Continue
          </Button>
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" mt={64}>
          {BENEFITS.map((benefit) => (
            <Card key={benefit.title} withBorder radius="md" padding="lg">
              <Title order={2} fz="lg" mb="xs">
                {benefit.title}
              </Title>
              <Text c="dimmed" fz="sm">
                {benefit.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>

        <Stack align="center" gap="sm" ta="center" mt={64}>
          <Title order={2}>Start Your Journey</Title>
          <Text c="dimmed">It takes two minutes to describe your trek.</Text>
          <Button
            component={Link}
            to={createProjectHref(search)}
            variant="light"
            radius="xl"
            // The wizard's code (and federation's runtime, which this page does not load) starts
            // coming when a pointer reaches the link or a finger touches it.
            onPointerEnter={remotePages.requestWizard.preload}
            onFocus={remotePages.requestWizard.preload}
          >
            Create Trek Request
          </Button>
        </Stack>
      </Container>
    </>
  );
}
