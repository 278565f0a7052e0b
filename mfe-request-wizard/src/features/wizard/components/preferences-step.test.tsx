import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WizardFormData } from '@trek/shared';
import { buildWizardAnswers } from '@trek/shared/testing/builders';
import { mockApi } from '@trek/shared/testing/mock-api';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render';

import { LANGUAGE_REQUIRED } from './preferences-step';
import { RequestWizard } from './request-wizard';

function LastStep({ initial }: { initial: WizardFormData }) {
  const [data, setData] = useState(initial);
  return (
    <RequestWizard
      data={data}
      update={(change) => setData(change)}
      step={3}
      onStepChange={() => {}}
      onSubmit={() => {}}
    />
  );
}

describe('PreferencesStep', () => {
  it('announces that a language is needed as the last one is unticked, and ties it to the group and to Submit request', async () => {
    mockApi();
    const user = userEvent.setup();
    renderPage(<LastStep initial={{ ...buildWizardAnswers(), languages: ['english'] }} />);
    // A live region already in the page, empty while a language is ticked.
    const status = screen
      .getAllByRole('status')
      .find((node) => node.closest('[data-path], .mantine-CheckboxGroup-root'));
    expect(status?.textContent).toBe('');
    const submit = screen.getByRole('button', { name: 'Submit request' });
    expect(submit.hasAttribute('aria-describedby')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'English' }));
    expect(status?.textContent).toBe(LANGUAGE_REQUIRED);
    expect(LANGUAGE_REQUIRED).toBe('Select at least one language to continue');
    const id = status?.id ?? '';
    expect(
      screen
        .getByRole('group', { name: 'Guide language preference' })
        .getAttribute('aria-describedby'),
    ).toContain(id);
    for (const name of ['English', 'French', 'Spanish'])
      expect(screen.getByRole('checkbox', { name }).getAttribute('aria-describedby')).toContain(id);
    expect(submit.hasAttribute('disabled')).toBe(true);
    expect(submit.getAttribute('aria-describedby')).toBe(id);
    expect(
      screen.getByRole('button', { name: 'Submit request', description: LANGUAGE_REQUIRED }),
    ).toBe(submit);

    await user.click(screen.getByRole('checkbox', { name: 'French' }));
    expect(status?.textContent).toBe('');
    expect(submit.hasAttribute('aria-describedby')).toBe(false);
  });
});
