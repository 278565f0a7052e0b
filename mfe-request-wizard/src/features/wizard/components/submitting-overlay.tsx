import { Overlay, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import classes from './submitting-overlay.module.css';

/** Loading bar animation length (docs/product/wizard.md, "Submitting"). */
export const LOADING_BAR_MS = 3500;

export function SubmittingOverlay() {
  return (
    <Overlay fixed blur={2} color="#fff" backgroundOpacity={0.7} zIndex={300} center>
      <Paper
        shadow="md"
        p="xl"
        radius="md"
        maw={420}
        role="alertdialog"
        aria-live="assertive"
        aria-busy="true"
      >
        <Stack gap="sm" ta="center">
          <Title order={2} fz="lg">
            Creating your trek request
          </Title>
          <Text c="dimmed" fz="sm">
            We're matching you with the best guides for your trek...
          </Text>
          <Progress
            value={100}
            className={classes.bar}
            style={{ animationDuration: `${LOADING_BAR_MS}ms` }}
          />
        </Stack>
      </Paper>
    </Overlay>
  );
}
