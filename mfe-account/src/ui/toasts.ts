import { notifications } from '@mantine/notifications';

/**
 * A toast that went well (the spec's success wording). One with the `replaces` id of a toast
 * still showing takes its place at once: one toast shows at a time, and the next would
 * otherwise wait for the first to close.
 */
export function toastSuccess(message: string, title?: string, replaces?: string) {
  show('teal', message, title, replaces);
}

/** A toast that went wrong (the spec's failure wording); `replaces` as for `toastSuccess`. */
export function toastFailure(message: string, title?: string, replaces?: string) {
  show('red', message, title, replaces);
}

/** A toast that tells how things stand, neither good news nor a failure (nothing was done). */
export function toastNeutral(message: string, title?: string) {
  show('gray', message, title);
}

function show(color: string, message: string, title?: string, replaces?: string) {
  if (replaces) notifications.hide(replaces);
  notifications.show({ color, message, ...(title ? { title } : {}) });
}

/** Shows a toast under an id a later toast may replace. */
export function toastSuccessReplaceable(id: string, message: string, title?: string) {
  notifications.show({ id, color: 'teal', message, ...(title ? { title } : {}) });
}

/** Takes a toast shown under `id` away, if it still shows. */
export function hideToast(id: string) {
  notifications.hide(id);
}
