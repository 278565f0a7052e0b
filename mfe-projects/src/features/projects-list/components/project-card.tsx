import { Card, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { hrefTo, PATHS, type Project, trekImageFor } from '@trek/shared';
import { Link } from 'react-router-dom';
import { StatusIndicator } from '../../../components/status-indicator';
import { usePreloadOnIntent } from '../../../hooks/use-preload-on-intent';
import { dateRangeText, flexibilityText, travelersText } from '../../../model/project-display';
import classes from './project-card.module.css';

/** One request on My Projects; the whole card opens its page. */
export function ProjectCard({ project }: { project: Project }) {
  const path = hrefTo(PATHS.project, { id: project.id });
  const preloadProject = usePreloadOnIntent(path);
  const facts: Array<[string, string]> = [
    ['Dates', dateRangeText(project.startDate, project.endDate)],
    ['Duration', project.duration ?? 'Not set'],
    ['Group', travelersText(project.groupSize)],
    ['Languages', project.language || 'Not set'],
    ['Flexibility', flexibilityText(project.flexible, project.flexibilityWindowDays)],
  ];
  return (
    <Card withBorder radius="md" padding="md" className={classes.card} component="article">
      <Card.Section>
        <Image
          src={trekImageFor(project.destination || project.title)}
          alt=""
          className={classes.image}
        />
      </Card.Section>
      <Stack gap="sm" mt="md">
        <Title order={2} fz="lg">
          <Link to={path} className={classes.link} {...preloadProject}>
            {project.title}
          </Link>
        </Title>
        <StatusIndicator status={project.status} />
        <Text component="dl" fz="sm" className={classes.facts}>
          {facts.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <Text component="dt" fz="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" fz="sm">
                {value}
              </Text>
            </div>
          ))}
        </Text>
      </Stack>
    </Card>
  );
}

/** A card's shape while the list loads: same size, so nothing moves when it arrives. */
export function ProjectCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" className={classes.card} aria-hidden="true">
      <Card.Section>
        <Skeleton className={classes.image} radius={0} />
      </Card.Section>
      <Stack gap="sm" mt="md">
        <Skeleton height={26} width="55%" />
        <Skeleton height={20} width="50%" />
        <Stack gap={4}>
          {['dates', 'duration', 'group', 'languages', 'flexibility'].map((line) => (
            <Skeleton key={line} height={20} width="85%" />
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
