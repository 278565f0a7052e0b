import { ApiError, ProfileImageError } from '@trek/shared';

/** A file the photo dialog refused, with why (model/photo-choice.ts). */
export interface RejectedFile {
  file: { name: string };
  errors: ReadonlyArray<{ code: string }>;
}

export interface Toast {
  title?: string;
  message: string;
}

/** Photos a traveler may pick at once (spec section 5). */
export const MAX_PHOTOS = 1;

/** The file reached the server (spec section 8, "Upload"); saving it as the photo comes next. */
export const uploadedToast: Toast = {
  title: 'Upload successful',
  message: `${MAX_PHOTOS} file(s) uploaded successfully.`,
};

const tooLarge: Toast = { title: 'File too large', message: 'Maximum allowed size is 5MB.' };
const failedToUpload = (fileName: string): Toast => ({
  title: 'Upload error',
  message: `Failed to upload ${fileName}`,
});
const uploadBroke: Toast = { title: 'Upload error', message: 'An error occurred during upload.' };

/** What the page says about files the dialog refused (spec section 8, "Upload"). */
export function rejectionToast(rejected: readonly RejectedFile[]): Toast {
  const codes = new Set(rejected.flatMap((entry) => entry.errors.map((error) => error.code)));
  if (codes.has('too-many-files')) {
    return {
      title: 'Too many files',
      message: `You can only upload ${MAX_PHOTOS} file(s) maximum.`,
    };
  }
  if (codes.has('file-too-large')) return tooLarge;
  return failedToUpload(rejected[0]?.file.name ?? 'the file');
}

/**
 * What the page says when a new photo failed: the upload itself ('Upload error': the file, when
 * the server refused it, or the size message when it found it too large; the upload, when the
 * server or the network failed, since the file itself may be fine), or making it the profile
 * photo.
 */
export function failureToast(error: unknown, fileName: string): Toast {
  if (error instanceof ProfileImageError && error.step === 'save') {
    return { message: 'Failed to update profile photo' };
  }
  const cause = error instanceof ProfileImageError ? error.cause : error;
  if (cause instanceof ApiError && cause.status === 413) return tooLarge;
  if (cause instanceof ApiError && cause.status < 500) return failedToUpload(fileName);
  return uploadBroke;
}
