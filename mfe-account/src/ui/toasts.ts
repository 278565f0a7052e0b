import { notifications } from '@mantine/notifications';

/** A toast that went well (the spec's success wording). */
export function toastSuccess(message: string, title?: string) {
  notifications.show({ color: 'teal', message, ...(title ? { title } : {}) });
}

/** A toast that went wrong (the spec's failure wording). */
export function toastFailure(message: string, title?: string) {
  notifications.show({ color: 'red', message, ...(title ? { title } : {}) });
}
