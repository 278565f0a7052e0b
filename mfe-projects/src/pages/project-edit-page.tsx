import { NotBuiltYet, PageMeta } from '@trek/shared';

/** Exposed as `projects/ProjectEditPage`. Built by a later issue; until then it says so. */
export default function ProjectEditPage() {
  return (
    <>
      <PageMeta
        title="Edit Project Overview"
        description="Change your trek request; guides are notified."
        noIndex
      />
      <NotBuiltYet title="Edit Project Overview" remote="projects" />
    </>
  );
}
