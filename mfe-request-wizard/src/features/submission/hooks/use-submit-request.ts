import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  createProjectMutationOptions,
  PATHS,
  projectsQueryOptions,
  rateLimitMessage,
  rememberSubmitAfterSignIn,
  type User,
  usePreloadRoute,
  userQueryOptions,
  type WizardFormData,
} from '@trek/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearSavedFormData, saveFormData } from '../../wizard/model/persistence';
import { toCreateProjectBody } from '../../wizard/model/wizard-state';
import { saveCreatedProject, summaryOf } from '../created-project';

/** After TEMPORARY_EMAIL the traveler is sent to settings after this delay. */
export const TEMPORARY_EMAIL_REDIRECT_MS = 2000;

/**
 * A 429 is a blocked duplicate, with nothing to say (spec section 8), except the site-wide
 * per-address limit (RATE_LIMITED: a shared network, say), which the spec's 429 never meant:
 * silence there would leave the traveler pressing Submit to no effect.
 */
function isBlockedDuplicate(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.code !== 'RATE_LIMITED' &&
    (error.status === 429 || error.code === 'DUPLICATE_REQUEST')
  );
}

/**
 * The API's duplicate guard names the request it refused as already created (a reload while it
 * was on its way, another tab): it exists, so the answers are spent (decision 80).
 */
function isAlreadyCreated(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429 && error.code === 'DUPLICATE_REQUEST';
}

/** Spec section 4: "401 means not signed in": the session ended before Submit request. */
function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** What a failed creation says: the server's words, or how long to wait after a rate limit. */
function creationFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (error.code === 'RATE_LIMITED') return rateLimitMessage(error.retryAfterSeconds);
  // The fallback when the server gives no message (docs/product/wizard.md, "Errors").
  return error.serverMessage || 'Failed to create project';
}

/**
 * Submitting the wizard (docs/product/wizard.md, "Submitting"): a visitor's answers are kept,
 * with the marker that lets the sign-in's return send them, and the sign-in modal opens (so too
 * when the create call finds the session ended); a signed-in traveler's request is created once.
 * A ref lock stops a double click before React re-renders; the server refuses the same request
 * again within seconds (another tab, a reload), and that refusal leads to My Projects.
 * Pressed before the user read has answered (a slow read after a reload), Submit waits for it,
 * shown busy (`waiting`): the spec's "authenticated if the user call returns data" is its answer,
 * not its absence, so a signed-in traveler is not asked to sign in.
 */
export function useSubmitRequest() {
  const navigate = useNavigate();
  const preloadRoute = usePreloadRoute();
  const locked = useRef(false);
  // From the create call to its answer, when the page holds the traveler (StayWhileSending).
  const sending = useRef(false);
  const isSending = useCallback(() => sending.current, []);
  const [signInOpen, setSignInOpen] = useState(false);
  // Someone who leaves the wizard within the delay has gone where they chose: no pull back.
  const settingsRedirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settingsRedirect.current), []);
  // Left while Submit waited for the user read: the press is dropped, nothing is sent.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const [waiting, setWaiting] = useState(false);
  const queryClient = useQueryClient();

  /**
   * The user at the press: the cached answer, else the read on its way (or a new one), waited for.
   * A failed read answers null (fetchCurrentUser: "also treated as not signed in"); only a read
   * cancelled meanwhile rejects, and then the cached user, or a new read, answers.
   */
  const userAtPress = useCallback(async (): Promise<User | null> => {
    const known = queryClient.getQueryData(userQueryOptions().queryKey);
    if (known !== undefined) return known;
    setWaiting(true);
    try {
      return await queryClient.ensureQueryData(userQueryOptions());
    } catch {
      // Cancelled (a write about the user put its answer in instead, or is about to): read again.
      return queryClient.ensureQueryData(userQueryOptions()).catch(() => null);
    }
  }, [queryClient]);
  // The mutation refreshes the cached projects itself. A 401 is answered here (the visitor's
  // path): its options opt out of the suite's "session ended" toast.
  const create = useMutation(createProjectMutationOptions());

  const submit = useCallback(
    async (data: WizardFormData) => {
      if (locked.current) return;
      locked.current = true;
      // Spec section 4, "Not signed in: the form data is stored locally, the modal opens".
      const askToSignIn = () => {
        saveFormData(data);
        // The sign-in's return sends these answers only because of this press (useAutoSubmit).
        rememberSubmitAfterSignIn();
        setSignInOpen(true);
      };
      try {
        const user = await userAtPress();
        if (!mounted.current) return;
        if (user === null) {
          askToSignIn();
          return;
        }
        // The success page's code loads while the project is being created.
        preloadRoute('/project-success');
        sending.current = true;
        const project = await create.mutateAsync(toCreateProjectBody(data));
        // Answered: the way to the success page is open.
        sending.current = false;
        saveCreatedProject(summaryOf(project, data));
        clearSavedFormData();
        notifications.show({
          color: 'teal',
          title: 'Trek request submitted',
          message: 'Guides will review it and send you personalised offers.',
        });
        navigate('/project-success');
      } catch (error) {
        if (isSignedOut(error)) {
          // The session ended since the user was read: as for a visitor, and the user is read
          // again so the header and the page know (spec: "401 means not signed in").
          askToSignIn();
          void queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey });
        } else if (isAlreadyCreated(error)) {
          // Nothing said (spec section 8), but not left on a Submit that can do nothing: the
          // request is in My Projects, read afresh, and the answers are not sent a second time
          // once the API's window has passed.
          sending.current = false;
          clearSavedFormData();
          void queryClient.invalidateQueries({ queryKey: projectsQueryOptions().queryKey });
          navigate(PATHS.projects);
        } else if (error instanceof ApiError && error.code === 'TEMPORARY_EMAIL') {
          notifications.show({
            color: 'red',
            title: 'Email required',
            message: error.serverMessage || 'Please update your email address to continue.',
          });
          clearTimeout(settingsRedirect.current);
          settingsRedirect.current = setTimeout(
            () => navigate('/u/settings'),
            TEMPORARY_EMAIL_REDIRECT_MS,
          );
        } else if (!isBlockedDuplicate(error)) {
          notifications.show({
            color: 'red',
            title: 'Error creating request',
            message: creationFailureMessage(error),
          });
        }
      } finally {
        sending.current = false;
        locked.current = false;
        setWaiting(false);
      }
    },
    [userAtPress, create, navigate, preloadRoute, queryClient],
  );

  return {
    submit,
    submitting: create.isPending,
    /**
     * Submit request pressed before the user was known: true until that press is done (the
     * request sent or failed, or the sign-in modal open), so the form never unlocks in between.
     */
    waiting,
    isSending,
    signInOpen,
    closeSignIn: () => setSignInOpen(false),
  };
}
