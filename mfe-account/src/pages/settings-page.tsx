import { NotBuiltYet, PageMeta } from '@trek/shared';

/** Exposed as `account/SettingsPage`. Built by a later issue; until then it says so. */
export default function SettingsPage() {
  return (
    <>
      <PageMeta
        title="Account settings"
        description="Your account, sign-in methods, notifications and privacy."
        noIndex
      />
      <NotBuiltYet title="Account settings" remote="account" />
    </>
  );
}
