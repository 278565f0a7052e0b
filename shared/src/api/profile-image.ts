import { mutationOptions } from '@tanstack/react-query';
import { uploadTicketSchema, userResponseSchema } from '../schemas/account';
import { replaceCachedUser, userQueryOptions } from './auth';
import { ApiError, apiRequest } from './client';

/** POST /api/profile-image/upload: a single-use URL, valid 10 minutes, to PUT one photo to. */
export async function requestProfileImageUpload(signal?: AbortSignal): Promise<string> {
  const ticket = await apiRequest('POST', '/api/profile-image/upload', {
    schema: uploadTicketSchema,
    signal,
  });
  return ticket.uploadURL;
}

export interface UploadOptions {
  /** Called as bytes leave the browser, with the share sent so far (0 to 1). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

const cancelled = () => new DOMException('The upload was cancelled.', 'AbortError');

/**
 * PUT the file to its upload URL with the file's own content type. The one call that does not
 * go through `apiRequest`: fetch cannot report upload progress, XMLHttpRequest can. A non-OK
 * answer throws the same ApiError.
 */
export function uploadFile(uploadURL: string, file: Blob, options: UploadOptions = {}) {
  return new Promise<void>((resolve, reject) => {
    // An 'abort' listener added now would never hear a cancel that already happened.
    if (options.signal?.aborted) {
      reject(cancelled());
      return;
    }
    const request = new XMLHttpRequest();
    request.open('PUT', uploadURL);
    request.withCredentials = true;
    request.setRequestHeader('Content-Type', file.type);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve();
      else reject(new ApiError(request.status, request.statusText, request.responseText));
    };
    request.onerror = () => reject(new TypeError('The upload could not reach the server.'));
    request.onabort = () => reject(cancelled());
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

/** PUT /api/profile-image with the URL the photo was uploaded to: it becomes the profile photo. */
export async function setProfileImage(profileImageURL: string, signal?: AbortSignal) {
  return (
    await apiRequest('PUT', '/api/profile-image', {
      body: { profileImageURL },
      schema: userResponseSchema,
      signal,
    })
  ).user;
}

/** DELETE /api/profile-image: no photo any more. */
export async function removeProfileImage() {
  return (await apiRequest('DELETE', '/api/profile-image', { schema: userResponseSchema })).user;
}

/**
 * A new photo failed: while sending the file (`upload`: the upload URL or the bytes) or while
 * making it the profile photo (`save`). The page says different things for each (the spec's
 * 'Upload error' and 'Failed to update profile photo').
 */
export class ProfileImageError extends Error {
  readonly step: 'upload' | 'save';
  override readonly cause: unknown;

  constructor(step: 'upload' | 'save', cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'ProfileImageError';
    this.step = step;
    this.cause = cause;
  }
}

export interface ChangeProfileImage extends UploadOptions {
  file: File;
  /** Called once the bytes are stored, before the photo is made the profile photo. */
  onUploaded?: () => void;
}

/**
 * The three steps of a new photo: an upload URL, the bytes, then the photo is set. `signal`
 * cancels whichever step is under way, and a cancel that came before or between steps stops the
 * next: a photo cancelled is never made the profile photo.
 */
export async function changeProfileImage({ file, onUploaded, ...options }: ChangeProfileImage) {
  const { signal } = options;
  let uploadURL: string;
  try {
    if (signal?.aborted) throw cancelled();
    uploadURL = await requestProfileImageUpload(signal);
    await uploadFile(uploadURL, file, options);
    // The bytes may arrive just as Cancel upload is pressed.
    if (signal?.aborted) throw cancelled();
  } catch (error) {
    throw new ProfileImageError('upload', error);
  }
  onUploaded?.();
  try {
    return await setProfileImage(uploadURL, signal);
  } catch (error) {
    throw new ProfileImageError('save', error);
  }
}

/** A new photo replaces the cached user's, so the header's avatar shows it without a reload. */
export const changeProfileImageMutationOptions = () =>
  mutationOptions({
    mutationKey: ['user', 'profile-image', 'change'] as const,
    mutationFn: changeProfileImage,
    onSuccess: (user, _variables, _result, { client }) => replaceCachedUser(client, user),
    onError: (error, { signal }, _result, { client }) => {
      // Cancelled while the photo was being set: the server may have set it all the same.
      if (error instanceof ProfileImageError && error.step === 'save' && signal?.aborted)
        void client.invalidateQueries({ queryKey: userQueryOptions().queryKey });
    },
  });

export const removeProfileImageMutationOptions = () =>
  mutationOptions({
    mutationKey: ['user', 'profile-image', 'remove'] as const,
    mutationFn: removeProfileImage,
    onSuccess: (user, _variables, _result, { client }) => replaceCachedUser(client, user),
  });
