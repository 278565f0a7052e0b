import { Anchor, Container, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PageMeta } from '@trek/shared';
import { Link } from 'react-router-dom';

const ONBOARDING_STEPS = [
  'Profile and photos',
  'Document verification and background check',
  'Platform training and certification',
  'Payment setup and contract signing',
];

export function ProviderOnboardingPage() {
  return (
    <>
      <PageMeta title="Provider Onboarding" description="Guide onboarding is coming soon." />
      <Container size="sm" py={64}>
        <Stack gap="md">
          <Title order={1}>Provider Onboarding Coming Soon</Title>
          <Text c="dimmed">Once your application is accepted, onboarding takes four steps.</Text>
          <List spacing="sm" type="ordered" icon={null} listStyleType="none" withPadding={false}>
            {ONBOARDING_STEPS.map((step, index) => (
              <List.Item
                key={step}
                icon={
                  <ThemeIcon radius="xl" size={26} variant="light" aria-hidden>
                    {index + 1}
                  </ThemeIcon>
                }
              >
                {step}
              </List.Item>
            ))}
          </List>
          <Anchor component={Link} to="/provider/apply">
            Back to the guide application
          </Anchor>
        </Stack>
      </Container>
    </>
  );
}
