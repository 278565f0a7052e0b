import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { GuideStats as Stats } from '@trek/shared';

const FIGURES: Array<{ key: keyof Stats; label: string }> = [
  { key: 'total', label: 'Total' },
  { key: 'active', label: 'Active' },
  { key: 'connected', label: 'Connected' },
  { key: 'pendingActivation', label: 'Pending activation' },
];

/** The four figures above the list; placeholders of the same size while they load. */
export function GuideStats({ stats }: { stats: Stats | undefined }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="sm" m={0}>
      {FIGURES.map(({ key, label }) => (
        <Paper key={key} withBorder radius="md" p="md">
          <Text component="dt" fz="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" fz={28} fw={700} lh={1.2} m={0}>
            {stats ? stats[key] : <Skeleton component="span" display="block" h={34} w={48} />}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
