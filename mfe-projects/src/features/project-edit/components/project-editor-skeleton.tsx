import { Container, Divider, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { EDIT_FIELDS } from '../model/edit-form';

/** The edit page while the project loads: its title and text, and the form's rows at their size. */
export function ProjectEditorSkeleton() {
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Skeleton height={20} width={130} aria-hidden="true" />
        {/* The title is known before the project: it shows as it will stay. */}
        <PageHeader
          title="Edit Project Overview"
          description={<Text role="status">Loading project details...</Text>}
        />
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
