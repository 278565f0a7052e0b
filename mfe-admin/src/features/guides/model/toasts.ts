import { notifications } from '@mantine/notifications';
import { ApiError } from '@trek/shared';

/** The admin page's toasts, with the spec's words (section 8). */

/**
 * One toast slot for the page: a new toast replaces the one showing instead of queueing behind
 * it (the site shows one at a time), so creating guides in a row or copying twice stays current.
 */
const ADMIN_TOAST = 'admin-guides';

export function showToast(toast: { color: 'teal' | 'red'; title: string; message: string }) {
  notifications.hide(ADMIN_TOAST);
  notifications.show({ id: ADMIN_TOAST, ...toast });
}

export function showConfigurationError() {
  showToast({
    color: 'red',
    title: 'Configuration Error',
    message:
      "The business WhatsApp number (WHATSAPP_NUMBER) must be 8 to 15 digits. Ask whoever runs the server to set it; activation links can't be made until then.",
  });
}

/**
 * What a new guide's toast says under 'Guide created successfully': that the activation link can
 * be sent only when it can be made (the business number is 8 to 15 digits); nothing about links
 * while the list, which carries the number, has not been read.
 */
export function guideCreatedMessage(name: string, activationLinks: boolean | undefined): string {
  if (activationLinks === true) return `${name} can now be sent the activation link.`;
  if (activationLinks === false) {
    return `${name} is in the list. Activation links can't be made until the business WhatsApp number (WHATSAPP_NUMBER) is configured on the server.`;
  }
  return `${name} is in the list.`;
}

/** What went wrong, in the server's words when it gave some (a 400 names the field). */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return 'Admin access required';
    if (error.serverMessage) return error.serverMessage;
  }
  return 'Something went wrong. Please try again.';
}
