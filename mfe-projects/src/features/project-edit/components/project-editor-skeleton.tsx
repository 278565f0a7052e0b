import { Container, Divider, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { EDIT_FIELDS } from '../model/edit-form';

/** The edit page while the project loads: its text, and the form's rows at their size. */
export function ProjectEditorSkeleton() {
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Skeleton height={20} width={130} aria-hidden="true" />
        <Stack gap={4}>
          <Skeleton height={40} width={320} maw="90%" aria-hidden="true" />
          <Text c="dimmed" role="status">
            Loading project details...
          </Text>
        </Stack>
        <Paper withBorder radius="md" px="lg" aria-hidden="true">
          {EDIT_FIELDS.map((field, index) => (
            <div key={field}>
              {index > 0 && <Divider />}
              <Stack gap={8} py="md">
                <Skeleton height={20} width={120} />
                <Skeleton height={22} width="60%" />
              </Stack>
            </div>
          ))}
        </Paper>
      </Stack>
    </Container>
  );
}
