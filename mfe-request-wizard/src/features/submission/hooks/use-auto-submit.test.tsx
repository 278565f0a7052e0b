import { waitFor } from '@testing-library/react';
import type { WizardFormData } from '@trek/shared';
import { buildUser, buildWizardAnswers } from '@trek/shared/testing/builders';
import { mockApi } from '@trek/shared/testing/mock-api';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { decodeFormData, useAutoSubmit } from './use-auto-submit';

const answers = buildWizardAnswers();
const encoded = btoa(JSON.stringify(answers));

function Harness({
  submit,
  replace,
}: {
  submit: (d: WizardFormData) => void;
  replace: (d: WizardFormData) => void;
}) {
  useAutoSubmit({ data: { ...answers, languages: [] }, replace, submit });
  return null;
}

describe('useAutoSubmit', () => {
  it('decodes the carried form, or gives null for garbage', () => {
    expect(decodeFormData(encoded)?.trek).toBe('Lares');
    expect(decodeFormData('%%%')).toBeNull();
    expect(decodeFormData(btoa('{"trek":1}'))).toBeNull();
  });

  it('submits the carried request once and cleans the address', async () => {
    window.__trekAutoSubmitted = false;
    mockApi({ user: buildUser() });
    const submit = vi.fn();
    const replace = vi.fn();
    const { router } = renderPage(
      <Harness submit={submit} replace={replace} />,
      `/create-project?auth=success&formData=${encoded}`,
    );
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]?.[0]).toEqual(answers);
    expect(replace).toHaveBeenCalledWith(answers);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('does not submit for a visitor or an incomplete request, but still cleans the address', async () => {
    window.__trekAutoSubmitted = false;
    mockApi({ user: null });
    const submit = vi.fn();
    const { router } = renderPage(
      <Harness submit={submit} replace={() => {}} />,
      `/create-project?auth=success`,
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(submit).not.toHaveBeenCalled();
  });
});
