import { NotBuiltYet, PageMeta } from '@trek/shared';

/** Exposed as `wizard/ProjectSuccessPage`. Built by a later issue; until then it says so. */
export default function ProjectSuccessPage() {
  return (
    <>
      <PageMeta
        title="Trek Request Submitted"
        description="Your trek request was sent to local guides."
        noIndex
      />
      <NotBuiltYet title="Trek Request Submitted" remote="wizard" />
    </>
  );
}
