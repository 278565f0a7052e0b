import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@trek/shared';
import { buildWizardAnswers } from '@trek/shared/testing/builders';
import { mockApi } from '@trek/shared/testing/mock-api';
import { afterEach, describe, expect, it } from 'vitest';
import { STEP_HISTORY_KEY } from '../features/wizard/hooks/use-step-in-history';
import { renderPage } from '../test/render';
import RequestWizardPage from './request-wizard-page';

afterEach(() => window.history.replaceState(null, ''));

describe('RequestWizardPage (exposed as wizard/RequestWizardPage)', () => {
  it("keeps the step in the page's history entry: opened again, it shows that step, not the first open one", async () => {
    mockApi();
    localStorage.setItem(STORAGE_KEYS.wizardFormData, JSON.stringify(buildWizardAnswers()));
    const user = userEvent.setup();
    const first = renderPage(<RequestWizardPage />, '/create-project');
    expect(await screen.findByText('4 out of 4')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('2 out of 4')).toBeTruthy();
    expect(window.history.state?.[STEP_HISTORY_KEY]).toBe(1);
    first.unmount();

    // A reload, or Back to this entry: the same step, with the answers from storage.
    renderPage(<RequestWizardPage />, '/create-project');
    expect(await screen.findByText('2 out of 4')).toBeTruthy();
    expect(
      (screen.getByRole('radio', { name: /4 days \/ 3 nights/ }) as HTMLButtonElement).dataset
        .checked,
    ).toBeDefined();
  });

  it('opens at the first open step when the kept step is out of reach of the answers', async () => {
    mockApi();
    window.history.replaceState({ [STEP_HISTORY_KEY]: 3 }, '');
    localStorage.setItem(
      STORAGE_KEYS.wizardFormData,
      JSON.stringify(buildWizardAnswers({ duration: '' })),
    );
    renderPage(<RequestWizardPage />, '/create-project');
    expect(await screen.findByText('2 out of 4')).toBeTruthy();
    expect(window.history.state?.[STEP_HISTORY_KEY]).toBe(1);
  });

  it('walks a visitor through the four steps and opens the sign-in modal on submit', async () => {
    mockApi();
    const user = userEvent.setup();
    renderPage(<RequestWizardPage />, '/create-project');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your trek request' }),
    ).toBeTruthy();
    expect(screen.getByText('1 out of 4')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' }).hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByRole('radio', { name: 'Inca Trail (coming soon)' }).hasAttribute('disabled'),
    ).toBe(true);

    await user.click(screen.getByRole('radio', { name: 'Lares' }));
    expect(await screen.findByText('2 out of 4')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.wizardFormData) ?? '{}').trek).toBe(
      'Lares',
    );

    await user.click(await screen.findByRole('radio', { name: /4 days \/ 3 nights/ }));
    expect(
      await screen.findByRole('heading', { name: 'When would you like to trek?' }),
    ).toBeTruthy();
    expect(screen.getByPlaceholderText('Auto-calculated')).toBeTruthy();

    // Going back keeps the answers.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(
      (screen.getByRole('radio', { name: /4 days \/ 3 nights/ }) as HTMLButtonElement).dataset
        .checked,
    ).toBeDefined();
  });

  it('asks for at least one language on the last step', async () => {
    mockApi();
    localStorage.setItem(
      STORAGE_KEYS.wizardFormData,
      JSON.stringify({ ...buildWizardAnswers(), languages: [] }),
    );
    const user = userEvent.setup();
    renderPage(<RequestWizardPage />, '/create-project');
    expect(await screen.findByText('4 out of 4')).toBeTruthy();
    expect(screen.getByText('Select at least one language to continue')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Submit request' });
    expect(submit.hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'French' }));
    expect(screen.queryByText('Select at least one language to continue')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit request' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('First Name *')).toBeTruthy();
  });
});
