import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import {
  ApiError,
  clearProjectEditDraft,
  notifyGuidesMutationOptions,
  type Project,
  type ProjectChange,
  type ProjectUpdateBody,
  updateProjectMutationOptions,
} from '@trek/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/** The toasts of a save (spec section 8, "Edit toasts"). */
export const SAVE_TOASTS = {
  success: { title: 'Success', message: 'Project updated and guides notified.' },
  partial: {
    title: 'Partially saved',
    message: 'Saved, but notification failed. You can retry from the project page.',
  },
  failed: { title: 'Error', message: "Couldn't save your changes. Please try again." },
  unexpected: {
    title: 'Error',
    message: 'An unexpected error occurred. Please refresh and try again.',
  },
  gone: {
    title: 'Project not found',
    message: 'This project no longer exists. Your changes were not saved.',
  },
  // Not a spec case: 'Please try again' cannot work once the session has ended.
  signedOut: {
    title: 'Session ended',
    message: 'Sign in again to save your changes.',
  },
} as const;

export interface SaveFailure {
  toast: { title: string; message: string };
  /** What the review dialog says about it; the edits stay in the form either way. */
  detail: string;
  /** Only signing in again can help: the dialog offers it. */
  signInAgain?: boolean;
}

const SESSION_END_EXPLAINED = { handlesSessionEnd: true };

/**
 * How long a save may be on its way before the review dialog says it is slow and lets a held
 * navigation go. Writes have no time limit (shared's api client: abandoning one the server may
 * still finish would invite it twice), so a hung server or proxy would hold Back forever. A PATCH
 * and its notice take a second or two even on a poor mobile connection; 15 s is well past that,
 * yet comes before a traveler pressing Back gives up and reloads.
 */
export const SLOW_SAVE_MS = 15_000;

/** Why a PATCH failed, in the traveler's words. */
export function saveFailureOf(error: unknown): SaveFailure {
  if (error instanceof ApiError) {
    if (error.status === 401) {
      // Signing in is a new page load: the edits come back from this tab's draft, but only in
      // this tab (session storage). An e-mailed sign-in link usually opens another tab.
      return {
        toast: SAVE_TOASTS.signedOut,
        detail:
          'Your session has ended, so your changes could not be saved. If you sign in again in this tab, the changes listed above will be waiting for you here; a new tab will not have them.',
        signInAgain: true,
      };
    }
    if (error.status === 404) {
      return {
        toast: SAVE_TOASTS.gone,
        detail:
          'This project no longer exists: it may have been cancelled in another tab. Your changes are still shown here, but they cannot be saved.',
      };
    }
    // A refresh would lose the edits the form still holds, and the server may answer next time.
    if (error.status >= 500) {
      return {
        toast: SAVE_TOASTS.failed,
        detail: 'Something went wrong on our side. Your changes are still here: confirm again.',
      };
    }
    return {
      toast: SAVE_TOASTS.failed,
      detail: error.serverMessage ?? `The server refused the changes (${error.status}).`,
    };
  }
  if (error instanceof TypeError) {
    return {
      toast: SAVE_TOASTS.failed,
      detail: 'We could not reach TrekPeru. Check your connection, then confirm again.',
    };
  }
  // An answer this page cannot read: newer code, which a refresh loads, may.
  return { toast: SAVE_TOASTS.unexpected, detail: 'Something went wrong on our side.' };
}

/**
 * Saving the edits (docs/product/projects.md, "Edit"): PATCH the changed fields, then ask for the
 * guides to be notified of the change set. A failed notice does not undo the save ('Partially
 * saved'; the project page offers to send it again). A failed save keeps every edit in the form.
 */
export function useSaveProject(project: Project, onSaved: () => void) {
  // The review dialog explains a 401 and offers to sign in again: not the suite-wide toast (the
  // save's options say so themselves; the notice's are shared with the project page's retry).
  const update = useMutation(updateProjectMutationOptions());
  const notify = useMutation({ ...notifyGuidesMutationOptions(), meta: SESSION_END_EXPLAINED });
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  // The changes being saved, as reviewed: once the PATCH answers, the cached project is the saved
  // one and the form no longer differs from it, yet the dialog stays open (notifying the guides,
  // then leaving for the project page). It lists these until then; a failed save drops them, so
  // the next review lists the form's changes again.
  const [sending, setSending] = useState<ProjectChange[] | null>(null);
  // A second click before React re-renders must not save twice; the leave guard reads it too.
  const busy = useRef(false);
  const isSaving = useCallback(() => busy.current, []);
  // Saved (the PATCH answered): the page is being left, so nothing of its form is a draft any more.
  const saved = useRef(false);
  const hasSaved = useCallback(() => saved.current, []);
  // A save that answers once the page is gone (left some way the guard could not hold) still
  // tells how it went, but leads nowhere: the traveler is elsewhere by then.
  const mounted = useRef(false);
  // On its way for SLOW_SAVE_MS: each save counts afresh, and its end (or the page's) stops it.
  const [slow, setSlow] = useState(false);
  const slowTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(slowTimer.current);
    };
  }, []);

  const save = async (changes: ProjectUpdateBody, reviewed: ProjectChange[]) => {
    if (busy.current) return;
    busy.current = true;
    setFailure(null);
    setSending(reviewed);
    slowTimer.current = setTimeout(() => setSlow(true), SLOW_SAVE_MS);
    try {
      const { changeSetId } = await update.mutateAsync({ id: project.id, changes });
      // Saved: nothing left to bring back, even if the page is gone by now.
      saved.current = true;
      clearProjectEditDraft(project.id);
      let toast: { title: string; message: string } = SAVE_TOASTS.success;
      // No change set: the same values were already saved (another tab); nothing to tell guides.
      if (changeSetId) {
        try {
          await notify.mutateAsync({ id: project.id, notice: { changeSetId, changes: reviewed } });
        } catch {
          toast = SAVE_TOASTS.partial;
        }
      }
      notifications.show({ color: toast === SAVE_TOASTS.partial ? 'red' : 'teal', ...toast });
      if (mounted.current) onSaved();
    } catch (error) {
      const failed = saveFailureOf(error);
      notifications.show({ color: 'red', ...failed.toast });
      setFailure(failed);
      setSending(null);
    } finally {
      busy.current = false;
      clearTimeout(slowTimer.current);
      setSlow(false);
    }
  };

  return {
    save,
    saving: update.isPending || notify.isPending,
    /** Whether a save is on its way (PATCH or notice), as of now rather than the last render. */
    isSaving,
    /** Whether the edits were saved (the PATCH answered), as of now: the page is being left. */
    hasSaved,
    /** Whether the save on its way has been so for `SLOW_SAVE_MS` (it may never answer). */
    slow,
    failure,
    /** The reviewed changes while they are saved (and after, until the page is left); else null. */
    sending,
    clearFailure: () => setFailure(null),
  };
}
