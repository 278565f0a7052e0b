import { NotBuiltYet, PageMeta } from '@trek/shared';

/** Exposed as `admin/GuidesPage`. Built by a later issue; until then it says so. */
export default function GuidesPage() {
  return (
    <>
      <PageMeta
        title="Guide management"
        description="Manage the guides of the marketplace."
        noIndex
      />
      <NotBuiltYet title="Guide management" remote="admin" />
    </>
  );
}
