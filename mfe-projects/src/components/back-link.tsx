import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ArrowLeftIcon } from './icons';

/** The link back up one level, above a page's heading. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to} fz="sm" fw={500} w="fit-content">
      <Group gap={6} wrap="nowrap" component="span">
        <ArrowLeftIcon />
        {children}
      </Group>
    </Anchor>
  );
}
