import { Card, Grid, Image, Stack, Text, Title } from '@mantine/core';
import { dateRangeText, flexibilityText, travelersText } from '../../../model/project-display';
import type { TrekOverview } from '../../../model/trek-overview';

/** Trek Overview: trek, dates, duration, travelers, languages and the trek's image. */
export function TrekOverviewCard({ overview }: { overview: TrekOverview }) {
  const dates = dateRangeText(overview.startDate, overview.endDate);
  const facts: Array<[string, string]> = [
    ['Trek', overview.trek],
    [
      'Dates',
      overview.startDate
        ? `${dates} (${flexibilityText(overview.flexible, overview.flexibilityWindowDays)})`
        : dates,
    ],
    ['Duration', overview.duration ?? 'Not set'],
    ['Travelers', travelersText(overview.travelers)],
    ['Languages', overview.languages || 'Not set'],
  ];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="trek-overview">
      <Grid gap="lg" align="stretch">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="md">
            <Title order={2} fz="h3" id="trek-overview">
              Trek Overview
            </Title>
            <Stack component="dl" gap="sm" m={0}>
              {facts.map(([label, value]) => (
                <div key={label}>
                  <Text component="dt" fz="xs" c="dimmed" tt="uppercase" fw={700}>
                    {label}
                  </Text>
                  <Text component="dd" m={0} fw={500}>
                    {value}
                  </Text>
                </div>
              ))}
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }} order={{ base: -1, sm: 1 }}>
          <Image
            src={overview.image}
            alt={`The ${overview.trek} trek`}
            radius="md"
            h={{ base: 180, sm: '100%' }}
            mih={180}
            fit="cover"
          />
        </Grid.Col>
      </Grid>
    </Card>
  );
}
