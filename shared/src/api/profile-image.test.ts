import { MutationObserver } from '@tanstack/react-query';
import { buildUser } from '@trek/shared/testing/builders';
import { json, type MockHandler, mockApi } from '@trek/shared/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../query-client';
import { userQueryOptions } from './auth';
import {
  changeProfileImage,
  changeProfileImageMutationOptions,
  ProfileImageError,
} from './profile-image';

const UPLOAD_URL = '/api/profile-image/upload/6f1c2a8e-4b7d-4e0a-9c3f-2d5e8a1b7c90?signature=s1';
const PHOTO_URL = '/api/profile-images/0b6b7c1e-2f7a-4d1c-9d55-1a2b3c4d5e6f.png';
const png = () => new File([new Uint8Array(2048)], 'me.png', { type: 'image/png' });

type Step = 'ticket' | 'bytes' | 'set';

/** The photo calls; `during` runs as the named one is answered (a press while it is under way). */
function photoApi(during: Partial<Record<Step, () => void>> = {}) {
  const answering =
    (step: keyof typeof during, answer: () => Response): MockHandler =>
    () => {
      during[step]?.();
      return answer();
    };
  return mockApi({
    user: buildUser(),
    routes: {
      'POST /api/profile-image/upload': answering('ticket', () => json({ uploadURL: UPLOAD_URL })),
      'PUT /api/profile-image/upload/:id': answering('bytes', () => json({ success: true })),
      'PUT /api/profile-image': answering('set', () =>
        json({ user: buildUser({ profileImageUrl: PHOTO_URL }) }),
      ),
    },
  });
}

async function cancelledStep(change: Promise<unknown>) {
  const error = await change.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProfileImageError);
  return (error as ProfileImageError).step;
}

describe('a new profile photo, cancelled', () => {
  it('sends nothing when cancelled before it starts', async () => {
    const api = photoApi();
    const controller = new AbortController();
    controller.abort();
    await cancelledStep(changeProfileImage({ file: png(), signal: controller.signal }));
    expect(api.calls).toHaveLength(0);
  });

  it.each([
    ['while the upload URL is asked for', 'ticket', 'upload'],
    ['while the file is sent', 'bytes', 'upload'],
    ['while the photo is being set', 'set', 'save'],
  ] as const)('is not made the profile photo when cancelled %s', async (_when, step, failed) => {
    const controller = new AbortController();
    const during: Partial<Record<Step, () => void>> = {};
    during[step] = () => controller.abort();
    const api = photoApi(during);
    let uploaded = false;
    const change = changeProfileImage({
      file: png(),
      signal: controller.signal,
      onUploaded: () => {
        uploaded = true;
      },
    });
    expect(await cancelledStep(change)).toBe(failed);
    // The step under way was the last one sent.
    expect(api.callsTo('PUT /api/profile-image')).toHaveLength(step === 'set' ? 1 : 0);
    expect(api.callsTo('PUT /api/profile-image/upload/:id')).toHaveLength(
      step === 'ticket' ? 0 : 1,
    );
    expect(uploaded).toBe(step === 'set');
  });

  it('reads the user again when cancelled while the photo was being set, which may have happened', async () => {
    const controller = new AbortController();
    const api = photoApi({ set: () => controller.abort() });
    const client = createQueryClient();
    client.setQueryData(userQueryOptions().queryKey, buildUser());
    const observer = new MutationObserver(client, changeProfileImageMutationOptions());
    await expect(observer.mutate({ file: png(), signal: controller.signal })).rejects.toThrow();
    expect(client.getQueryState(userQueryOptions().queryKey)?.isInvalidated).toBe(true);
    expect(api.callsTo('PUT /api/profile-image')).toHaveLength(1);
  });
});
