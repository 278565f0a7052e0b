import { Container, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/** Shown while a page's code or data loads, so the page area is never blank. */
export function PageSkeleton() {
  return (
    <Container size="lg" py="xl" aria-busy="true" role="status">
      <VisuallyHidden>Loading…</VisuallyHidden>
      <Stack gap="md" aria-hidden="true">
        <Skeleton height={36} width="45%" radius="sm" />
        <Skeleton height={16} width="70%" radius="sm" />
        <Skeleton height={220} radius="md" mt="md" />
        <Skeleton height={16} width="60%" radius="sm" />
      </Stack>
    </Container>
  );
}
