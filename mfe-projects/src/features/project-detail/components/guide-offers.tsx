import { Card, Text, Title } from '@mantine/core';

/** Guide Offers: none can arrive yet, so its empty state (spec: "Project detail"). */
export function GuideOffers() {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="guide-offers">
      <Title order={2} fz="h3" id="guide-offers" mb="sm">
        Guide Offers
      </Title>
      <Text c="dimmed">
        No offers received yet. Guides will be notified about your trek request.
      </Text>
    </Card>
  );
}
