import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  rememberSubmitAfterSignIn,
  STORAGE_KEYS,
  SUBMIT_AFTER_SIGN_IN_MAX_AGE_MS,
  useAuth,
  type WizardFormData,
} from '@trek/shared';
import { buildUser, buildWizardAnswers } from '@trek/shared/testing/builders';
import { mockApi } from '@trek/shared/testing/mock-api';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { useWizardForm } from '../../wizard/hooks/use-wizard-form';
import { decodeFormData, useAutoSubmit } from './use-auto-submit';
import { useSubmitRequest } from './use-submit-request';

/** The traveler's own answers, saved in this browser. */
const answers = buildWizardAnswers();
/** What another site puts in the address. */
const forged = buildWizardAnswers({ trek: 'Ausangate', duration: '', travelers: 9 });
const encode = (data: WizardFormData) => btoa(JSON.stringify(data));

/** The page's answers (restored from this browser) and its auto-submit, with `submit` spied. */
function Harness({ submit }: { submit: (d: WizardFormData) => void }) {
  const { data, replace } = useWizardForm();
  useAutoSubmit({ data, replace, submit });
  return <p>trek: {data.trek || 'none'}</p>;
}

/** The wizard's Submit request, pressed by a visitor. */
function Submitter() {
  const { submit, signInOpen } = useSubmitRequest();
  if (useAuth().isLoading) return null;
  return (
    <>
      <button type="button" onClick={() => submit(answers)}>
        Submit
      </button>
      {signInOpen && <p>sign-in modal</p>}
    </>
  );
}

const savedTrek = () =>
  JSON.parse(localStorage.getItem(STORAGE_KEYS.wizardFormData) ?? 'null')?.trek ?? null;

async function returnTo(path: string) {
  const submit = vi.fn();
  const rendered = renderPage(<Harness submit={submit} />, path);
  await waitFor(() => expect(rendered.router.state.location.search).toBe(''));
  return { submit, ...rendered };
}

describe('useAutoSubmit', () => {
  beforeEach(() => {
    window.__trekAutoSubmitted = false;
  });

  it('decodes the carried form, or gives null for garbage', () => {
    expect(decodeFormData(encode(answers))?.trek).toBe('Lares');
    expect(decodeFormData('%%%')).toBeNull();
    expect(decodeFormData(btoa('{"trek":1}'))).toBeNull();
  });

  it('keeps the carried answers when a campaign tag is one the answers cannot hold', () => {
    const decoded = decodeFormData(
      encode({ ...answers, utm: { source: 'a\tb', medium: 'ad', campaign: 'x'.repeat(500) } }),
    );
    expect(decoded).toEqual({ ...answers, utm: { source: '', medium: 'ad', campaign: '' } });
  });

  it('drops from the carried form a trek that cannot be chosen, and its duration', () => {
    const decoded = decodeFormData(encode({ ...answers, trek: 'Inca Trail' }));
    expect(decoded).toMatchObject({ trek: '', duration: '', travelers: answers.travelers });
  });

  it('drops from the carried form a duration its trek does not offer, and its end date', () => {
    const decoded = decodeFormData(
      encode({
        ...answers,
        duration: '8 days / 7 nights',
        dates: { ...answers.dates, end: '2030-01-14' },
      }),
    );
    expect(decoded).toMatchObject({ trek: 'Lares', duration: '', travelers: answers.travelers });
    expect(decoded?.dates).toMatchObject({ start: answers.dates.start, end: '' });
  });

  it('submits once the saved request of a visitor who pressed Submit, back signed in', async () => {
    mockApi({ user: null });
    const user = userEvent.setup();
    const visit = renderPage(<Submitter />, '/create-project');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('sign-in modal')).toBeTruthy();
    visit.unmount();

    mockApi({ user: buildUser() });
    const { submit, unmount } = await returnTo(
      `/create-project?auth=success&formData=${encode(answers)}`,
    );
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]?.[0]).toEqual(answers);
    // The marker is spent: the same return again (a reload of an old tab) sends nothing.
    expect(localStorage.getItem(STORAGE_KEYS.submitAfterSignIn)).toBeNull();
    unmount();
    const again = await returnTo('/create-project?auth=success');
    expect(again.submit).not.toHaveBeenCalled();
  });

  it("a forged return with another site's answers neither submits nor touches the saved draft", async () => {
    localStorage.setItem(STORAGE_KEYS.wizardFormData, JSON.stringify(answers));
    mockApi({ user: buildUser() });
    const { submit } = await returnTo(`/create-project?auth=success&formData=${encode(forged)}`);
    expect(screen.getByText('trek: Lares')).toBeTruthy();
    expect(savedTrek()).toBe('Lares');
    expect(submit).not.toHaveBeenCalled();
  });

  it('a forged return does not overwrite the draft of a visitor who pressed Submit either', async () => {
    localStorage.setItem(STORAGE_KEYS.wizardFormData, JSON.stringify(answers));
    rememberSubmitAfterSignIn();
    mockApi({ user: null });
    const { submit } = await returnTo(`/create-project?auth=success&formData=${encode(forged)}`);
    expect(screen.getByText('trek: Lares')).toBeTruthy();
    expect(savedTrek()).toBe('Lares');
    expect(submit).not.toHaveBeenCalled();
    // Handled, so spent: the visitor presses Submit again to ask anew.
    expect(localStorage.getItem(STORAGE_KEYS.submitAfterSignIn)).toBeNull();
  });

  it('?auth=success alone does not send the saved request this browser never asked to send', async () => {
    localStorage.setItem(STORAGE_KEYS.wizardFormData, JSON.stringify(answers));
    mockApi({ user: buildUser() });
    const { submit } = await returnTo('/create-project?auth=success');
    expect(submit).not.toHaveBeenCalled();
  });

  it('a Submit pressed more than an hour ago sends nothing', async () => {
    localStorage.setItem(STORAGE_KEYS.wizardFormData, JSON.stringify(answers));
    rememberSubmitAfterSignIn(Date.now() - SUBMIT_AFTER_SIGN_IN_MAX_AGE_MS - 1000);
    mockApi({ user: buildUser() });
    const { submit } = await returnTo('/create-project?auth=success');
    expect(submit).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.submitAfterSignIn)).toBeNull();
  });

  it('restores the carried answers in a browser with none saved, for the traveler to send', async () => {
    rememberSubmitAfterSignIn();
    mockApi({ user: buildUser() });
    const { submit } = await returnTo(`/create-project?auth=success&formData=${encode(answers)}`);
    expect(await screen.findByText('trek: Lares')).toBeTruthy();
    expect(savedTrek()).toBe('Lares');
    expect(submit).not.toHaveBeenCalled();
  });

  it('does not submit again when this tab already auto-submitted (the global flag)', async () => {
    localStorage.setItem(STORAGE_KEYS.wizardFormData, JSON.stringify(answers));
    rememberSubmitAfterSignIn();
    // Another mount of the page in this tab sent the request on this same return.
    window.__trekAutoSubmitted = true;
    mockApi({ user: buildUser() });
    const { submit } = await returnTo('/create-project?auth=success');
    expect(submit).not.toHaveBeenCalled();
  });

  it('resets the global flag when auto-submit is off, so a later return submits', async () => {
    window.__trekAutoSubmitted = true;
    mockApi({ user: buildUser() });
    const plain = renderPage(<Harness submit={vi.fn()} />, '/create-project');
    await waitFor(() => expect(window.__trekAutoSubmitted).toBe(false));
    plain.unmount();

    // The traveler presses Submit signed out again and comes back signed in: it is sent.
    localStorage.setItem(STORAGE_KEYS.wizardFormData, JSON.stringify(answers));
    rememberSubmitAfterSignIn();
    const { submit } = await returnTo('/create-project?auth=success');
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
  });

  it('resets the local flag when auto-submit is off, so a later return to the same page submits', async () => {
    localStorage.setItem(STORAGE_KEYS.wizardFormData, JSON.stringify(answers));
    mockApi({ user: buildUser() });
    // A return nobody asked for: handled (the address cleaned), nothing sent.
    const { submit, router } = await returnTo('/create-project?auth=success');
    expect(submit).not.toHaveBeenCalled();

    rememberSubmitAfterSignIn();
    await act(() => router.navigate('/create-project?auth=success'));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
  });

  it('does not submit for a visitor, but still cleans the address', async () => {
    localStorage.setItem(STORAGE_KEYS.wizardFormData, JSON.stringify(answers));
    rememberSubmitAfterSignIn();
    mockApi({ user: null });
    const { submit } = await returnTo('/create-project?auth=success');
    expect(submit).not.toHaveBeenCalled();
  });
});
