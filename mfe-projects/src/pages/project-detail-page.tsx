import { NotBuiltYet, PageMeta } from '@trek/shared';

/** Exposed as `projects/ProjectDetailPage`. Built by a later issue; until then it says so. */
export default function ProjectDetailPage() {
  return (
    <>
      <PageMeta
        title="Project details"
        description="Your trek request and the guide offers it received."
        noIndex
      />
      <NotBuiltYet title="Project details" remote="projects" />
    </>
  );
}
