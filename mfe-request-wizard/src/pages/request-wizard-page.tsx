import { NotBuiltYet, PageMeta } from '@trek/shared';

/** Exposed as `wizard/RequestWizardPage`. Built by a later issue; until then it says so. */
export default function RequestWizardPage() {
  return (
    <>
      <PageMeta
        title="Create your trek request"
        description="Describe the trek you dream of in Peru and receive personalised offers from local guides."
      />
      <NotBuiltYet title="Create your trek request" remote="wizard" />
    </>
  );
}
