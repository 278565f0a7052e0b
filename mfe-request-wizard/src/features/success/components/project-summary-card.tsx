import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { type CreatedProjectSummary, formatDisplayDate, parseIsoDate } from '@trek/shared';

function displayDate(iso: string): string {
  const date = parseIsoDate(iso);
  return date ? formatDisplayDate(date) : '';
}

/** ' (±1 day)', ' (±2 days)' after the dates of a flexible request; nothing for fixed dates. */
export function flexibilitySuffix(dates: CreatedProjectSummary['dates']): string {
  const days = dates.flexible ? dates.flexibilityWindowDays : null;
  return days ? ` (±${days} ${days === 1 ? 'day' : 'days'})` : '';
}

export function ProjectSummaryCard({ summary }: { summary: CreatedProjectSummary }) {
  const { dates } = summary;
  const range = [displayDate(dates.start), displayDate(dates.end)].filter(Boolean).join(' – ');
  const flexibility = flexibilitySuffix(dates);
  const rows = [
    ['Trek', summary.trek],
    ['Dates', range ? `${range}${flexibility}` : 'Not set'],
    ['Duration', summary.duration],
    ['Travelers', `${summary.travelers} ${summary.travelers === 1 ? 'traveler' : 'travelers'}`],
  ] as const;
  return (
    <Card withBorder radius="md" padding="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" component="dl" m={0}>
        {rows.map(([label, value]) => (
          <Stack key={label} gap={2}>
            <Text component="dt" fz="xs" c="dimmed" tt="uppercase" fw={700}>
              {label}
            </Text>
            <Text component="dd" m={0} fw={600}>
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}
