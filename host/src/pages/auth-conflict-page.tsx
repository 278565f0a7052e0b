import { NotBuiltYet, PageMeta } from '@trek/shared';

/** Built by the social sign-in issue; until then a clear placeholder. */
export function AuthConflictPage() {
  return (
    <>
      <PageMeta
        title="Account found with a different sign-in method"
        description="Confirm your e-mail to link sign-in methods."
        noIndex
      />
      <NotBuiltYet title="Account found with a different sign-in method" remote="host" />
    </>
  );
}
