import { ApiError, ProfileImageError } from '@trek/shared';
import { describe, expect, it } from 'vitest';
import { failureToast, rejectionToast } from './photo-toasts';

const rejected = (name: string, ...codes: string[]) => ({
  file: { name },
  errors: codes.map((code) => ({ code })),
});

describe('what the photo dialog says', () => {
  it('about files the dialog refused, in the spec words', () => {
    expect(
      rejectionToast([rejected('a.png', 'too-many-files'), rejected('b.png', 'too-many-files')]),
    ).toEqual({
      title: 'Too many files',
      message: 'You can only upload 1 file(s) maximum.',
    });
    expect(rejectionToast([rejected('big.png', 'file-too-large')])).toEqual({
      title: 'File too large',
      message: 'Maximum allowed size is 5MB.',
    });
    expect(rejectionToast([rejected('notes.txt', 'file-invalid-type')])).toEqual({
      title: 'Upload error',
      message: 'Failed to upload notes.txt',
    });
  });

  it('about a failed upload or save', () => {
    const refused = (status: number) =>
      new ProfileImageError('upload', new ApiError(status, '', '{"code":"X","message":"m"}'));
    expect(failureToast(refused(413), 'me.png').title).toBe('File too large');
    expect(failureToast(refused(415), 'me.png')).toEqual({
      title: 'Upload error',
      message: 'Failed to upload me.png',
    });
    // Too large in pixels (422): the file is refused, but 'File too large' would tell of 5 MB, and
    // the spec's upload error has no room for the reason.
    expect(
      failureToast(
        new ProfileImageError(
          'upload',
          new ApiError(
            422,
            '',
            '{"code":"IMAGE_TOO_LARGE","message":"This image is too large in pixels"}',
          ),
        ),
        'huge.png',
      ),
    ).toEqual({ title: 'Upload error', message: 'Failed to upload huge.png' });
    // The server failed, not the file.
    expect(failureToast(refused(500), 'me.png')).toEqual({
      title: 'Upload error',
      message: 'An error occurred during upload.',
    });
    expect(
      failureToast(new ProfileImageError('upload', new TypeError('offline')), 'me.png'),
    ).toEqual({
      title: 'Upload error',
      message: 'An error occurred during upload.',
    });
    expect(
      failureToast(new ProfileImageError('save', new ApiError(500, '', '')), 'me.png'),
    ).toEqual({
      message: 'Failed to update profile photo',
    });
  });
});
