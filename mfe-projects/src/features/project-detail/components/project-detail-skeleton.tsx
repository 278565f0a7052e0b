import { Card, Container, Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/**
 * The project page's shape while it loads: the same blocks at the same sizes. The page keeps an
 * h1 meanwhile (as My Projects and Edit do): the page's name (its document title), hidden, since
 * the title's block stands where the project's own title, its h1 once loaded, will be.
 */
export function ProjectDetailSkeleton() {
  return (
    <Container size="lg" py="xl">
      <VisuallyHidden renderRoot={(props) => <h1 {...props} />}>Project details</VisuallyHidden>
      <div role="status" aria-busy="true">
        <VisuallyHidden>Loading project…</VisuallyHidden>
        <Stack gap="lg" aria-hidden="true">
          <Skeleton height={20} width={170} />
          <Group justify="space-between" align="flex-end">
            <Stack gap={4}>
              <Skeleton height={40} width={220} />
              <Skeleton height={20} width={340} maw="80vw" />
              <Skeleton height={20} width={260} />
            </Stack>
            <Group gap="sm">
              <Skeleton height={36} width={130} />
              <Skeleton height={36} width={130} />
            </Group>
          </Group>
          <Skeleton height={22} width={200} />
          <Card withBorder radius="md" padding="lg">
            <Skeleton height={300} />
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Skeleton height={60} />
          </Card>
        </Stack>
      </div>
    </Container>
  );
}
