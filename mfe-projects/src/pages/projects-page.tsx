import { NotBuiltYet, PageMeta } from '@trek/shared';

/** Exposed as `projects/ProjectsPage`. Built by a later issue; until then it says so. */
export default function ProjectsPage() {
  return (
    <>
      <PageMeta
        title="My Projects"
        description="Your trek requests and the offers guides send you."
        noIndex
      />
      <NotBuiltYet title="My Projects" remote="projects" />
    </>
  );
}
