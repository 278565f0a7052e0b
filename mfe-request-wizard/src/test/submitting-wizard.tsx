import { buildWizardAnswers } from '@trek/shared/testing/builders';
import { useState } from 'react';
import { RequestWizard } from '../features/wizard/components/request-wizard';

/** Every answer given: the same object on each render, as a page's state would keep it. */
const SUBMITTED_ANSWERS = buildWizardAnswers();
const ignore = () => {};

/**
 * For tests: the wizard on its last step while its request is on its way; `onReady` hands over a
 * way to make the sending fail.
 */
export function SubmittingWizard({ onReady }: { onReady?: (fail: () => void) => void }) {
  const [submitting, setSubmitting] = useState(true);
  onReady?.(() => setSubmitting(false));
  return (
    <RequestWizard
      data={SUBMITTED_ANSWERS}
      update={ignore}
      step={3}
      submitting={submitting}
      onSubmit={ignore}
    />
  );
}
