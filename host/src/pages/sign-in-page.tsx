import { NotBuiltYet, PageMeta } from '@trek/shared';

/** Built by the social sign-in issue; until then a clear placeholder. */
export function SignInPage() {
  return (
    <>
      <PageMeta title="Sign in" description="Sign in to follow your trek requests." noIndex />
      <NotBuiltYet title="Sign in" remote="host" />
    </>
  );
}
