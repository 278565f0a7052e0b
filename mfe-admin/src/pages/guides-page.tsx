import { Container } from '@mantine/core';
import { PageMeta } from '@trek/shared';
import { GuideManagement } from '../features/guides/components/guide-management';
import classes from './guides-page.module.css';

/** Exposed as `admin/GuidesPage`; the host lets only admins reach it (the API checks anyway). */
export default function GuidesPage() {
  return (
    <>
      <PageMeta
        title="Guide management"
        description="Manage the guides of the marketplace."
        noIndex
      />
      <Container size="lg" py="xl" className={classes.page}>
        <GuideManagement />
      </Container>
    </>
  );
}
