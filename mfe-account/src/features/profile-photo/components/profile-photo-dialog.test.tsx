import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildUser } from '@trek/shared/testing/builders';
import {
  apiError,
  heldAnswer,
  json,
  type MockRoute,
  mockApi,
  never,
} from '@trek/shared/testing/mock-api';
import { beforeAll, describe, expect, it } from 'vitest';
import SettingsPage from '../../../pages/settings-page';
import { renderPage } from '../../../test/render';

const UPLOAD_URL = '/api/profile-image/upload/6f1c2a8e-4b7d-4e0a-9c3f-2d5e8a1b7c90?signature=s1';
const PHOTO_URL = '/api/profile-images/0b6b7c1e-2f7a-4d1c-9d55-1a2b3c4d5e6f.png';

function photoApi(routes: Record<string, MockRoute> = {}) {
  return mockApi({
    user: buildUser(),
    routes: {
      'GET /api/auth/methods': json({
        google: { connected: false, emailVerified: false },
        facebook: { connected: false, emailVerified: false },
        magicLink: { connected: true, emailVerified: true },
        hasMultipleMethods: false,
      }),
      'GET /api/user/settings': json({
        emailNotifications: true,
        newsletters: false,
        promotions: false,
        projectUpdates: true,
      }),
      'GET /api/user/email-change': json({ emailChange: null }),
      'POST /api/profile-image/upload': json({ uploadURL: UPLOAD_URL }),
      'PUT /api/profile-image/upload/:id': json({ success: true }),
      'PUT /api/profile-image': json({ user: buildUser({ profileImageUrl: PHOTO_URL }) }),
      ...routes,
    },
  });
}

const png = (name = 'me.png', size = 2048) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add a photo' }));
  return screen.findByRole('dialog', { name: 'Profile photo' });
}

const fileInput = (dialog: HTMLElement) => {
  const input = dialog.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  return input;
};

describe('the profile photo dialog', () => {
  beforeAll(() => {
    // jsdom has no object URLs; the preview only needs one to show.
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => {};
  });

  it('shows "No preview" in the preview\'s square for a file the browser cannot draw', async () => {
    photoApi();
    renderPage(<SettingsPage />);
    const dialog = await openDialog();
    await userEvent.upload(fileInput(dialog), png('fake.png'));
    const preview = within(dialog).getByRole('img', { name: 'Preview of the chosen photo' });
    // What a browser does with a .png that holds no image.
    fireEvent.error(preview);
    expect(await within(dialog).findByText('No preview')).toBeTruthy();
    expect(within(dialog).queryByRole('img', { name: 'Preview of the chosen photo' })).toBeNull();
    expect(within(dialog).getByText('fake.png')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Upload photo' })).toBeTruthy();
  });

  it('goes from a chosen photo with its preview, through the upload, to done; the user gets the photo', async () => {
    const api = photoApi();
    const { queryClient } = renderPage(<SettingsPage />);
    const dialog = await openDialog();
    const zone = within(dialog).getByRole('button', { name: /Choose a photo/ });
    // A native button: in the tab order, and Enter or Space opens the file chooser.
    expect(zone.tagName).toBe('BUTTON');
    expect(zone.getAttribute('type')).toBe('button');
    await userEvent.upload(fileInput(dialog), png());
    expect(within(dialog).getByRole('img', { name: 'Preview of the chosen photo' })).toBeTruthy();
    expect(within(dialog).getByText('me.png')).toBeTruthy();
    expect(within(dialog).getByText('2 kB')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload photo' }));
    expect(await within(dialog).findByText('Your new profile photo is saved.')).toBeTruthy();
    expect(await screen.findByText('Profile photo updated successfully')).toBeTruthy();
    // Said once, by the toast: the dialog's line is not a second live region.
    expect(within(dialog).queryByRole('status')).toBeNull();
    // It took the place of the upload's toast (one toast at a time).
    await waitFor(() => expect(screen.queryByText('Upload successful')).toBeNull());

    const [upload] = api.callsTo('PUT /api/profile-image/upload/:id');
    expect(upload?.url.search).toBe('?signature=s1');
    expect(upload?.body).toBeInstanceOf(File);
    expect(api.callsTo('PUT /api/profile-image')[0]?.body).toEqual({ profileImageURL: UPLOAD_URL });
    // The cached user (the header's avatar) has the photo, without a reload.
    expect(
      (queryClient.getQueryData(['auth', 'user']) as { profileImageUrl: string }).profileImageUrl,
    ).toBe(PHOTO_URL);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Focus goes back to the button that opened the dialog, not to the closing dialog's content.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change photo' })),
    );
  });

  it('gives a tiny file its size in bytes, not a rounded-up kilobyte', async () => {
    photoApi();
    renderPage(<SettingsPage />);
    const dialog = await openDialog();
    await userEvent.upload(fileInput(dialog), png('dot.png', 14));
    expect(within(dialog).getByText('14 bytes')).toBeTruthy();
    // Just under a megabyte does not read '1024 kB'.
    await userEvent.click(within(dialog).getByRole('button', { name: /Choose another/ }));
    await userEvent.upload(fileInput(dialog), png('almost.png', 1024 * 1024 - 100));
    expect(within(dialog).getByText('1.0 MB')).toBeTruthy();
  });

  it('refuses more than one file', async () => {
    photoApi();
    renderPage(<SettingsPage />);
    const dialog = await openDialog();
    const zone = within(dialog).getByRole('button', { name: /Choose a photo/ });
    const files = [png('a.png'), png('b.png')];
    fireEvent.drop(zone, {
      dataTransfer: {
        files,
        items: files.map((file) => ({ kind: 'file', getAsFile: () => file })),
        types: ['Files'],
      },
    });
    expect(await screen.findByText('Too many files')).toBeTruthy();
    expect(screen.getByText('You can only upload 1 file(s) maximum.')).toBeTruthy();
  });

  it('does not promise to take a dragged file whose type the browser does not tell', async () => {
    photoApi();
    renderPage(<SettingsPage />);
    const dialog = await openDialog();
    const zone = within(dialog).getByRole('button', { name: /Choose a photo/ });
    fireEvent.dragOver(zone, { dataTransfer: { items: [{ kind: 'file', type: 'image/png' }] } });
    expect(within(dialog).getByText('Drop the photo to use it')).toBeTruthy();
    fireEvent.dragOver(zone, { dataTransfer: { items: [{ kind: 'file', type: '' }] } });
    expect(within(dialog).queryByText('Drop the photo to use it')).toBeNull();
    // What the drop then says of it.
    const untyped = new File([new Uint8Array(16)], 'photo', { type: '' });
    fireEvent.drop(zone, {
      dataTransfer: { files: [untyped], items: [{ kind: 'file', type: '' }], types: ['Files'] },
    });
    expect(await screen.findByText('Upload error')).toBeTruthy();
    expect(screen.getByText('Failed to upload photo')).toBeTruthy();
  });

  it('keeps a file dropped outside the drop area from opening in the tab, and from being taken', async () => {
    photoApi();
    renderPage(<SettingsPage />);
    const dialog = await openDialog();
    const dragged = {
      files: [png('other.png')],
      items: [{ kind: 'file', type: 'image/png' }],
      types: ['Files'],
    };
    // `fireEvent` answers false once the browser's own action (opening the file) is cancelled.
    const header = within(dialog).getByRole('heading', { name: 'Profile photo' });
    expect(fireEvent.dragOver(header, { dataTransfer: dragged })).toBe(false);
    expect(fireEvent.drop(header, { dataTransfer: dragged })).toBe(false);
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay && fireEvent.drop(overlay, { dataTransfer: dragged })).toBe(false);
    expect(within(dialog).getByRole('button', { name: /Choose a photo/ })).toBeTruthy();
    // The file-chosen stage has no drop area at all: the chosen file stays.
    await userEvent.upload(fileInput(dialog), png());
    const upload = within(dialog).getByRole('button', { name: 'Upload photo' });
    expect(fireEvent.drop(upload, { dataTransfer: dragged })).toBe(false);
    expect(within(dialog).getByText('me.png')).toBeTruthy();
    // Closed, the dialog leaves the page's drops alone.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fireEvent.drop(document.body, { dataTransfer: dragged })).toBe(true);
  });

  it('says a file is too large', async () => {
    photoApi();
    renderPage(<SettingsPage />);
    const dialog = await openDialog();
    await userEvent.upload(fileInput(dialog), png('big.png', 5 * 1024 * 1024 + 1));
    expect(await screen.findByText('File too large')).toBeTruthy();
    expect(screen.getByText('Maximum allowed size is 5MB.')).toBeTruthy();
  });

  it('says a file that is not a photo cannot be uploaded', async () => {
    photoApi();
    renderPage(<SettingsPage />);
    const dialog = await openDialog();
    await userEvent.upload(
      fileInput(dialog),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      { applyAccept: false },
    );
    expect(await screen.findByText('Upload error')).toBeTruthy();
    expect(screen.getByText('Failed to upload notes.txt')).toBeTruthy();
  });

  it.each([
    [
      apiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Only JPEG, PNG or WebP images are accepted.'),
      'Upload error',
      'Failed to upload me.png',
    ],
    [
      apiError(413, 'PAYLOAD_TOO_LARGE', 'Maximum allowed size is 5MB.'),
      'File too large',
      'Maximum allowed size is 5MB.',
    ],
  ])('says what the server refused in the upload (%#)', async (answer, title, message) => {
    photoApi({ 'PUT /api/profile-image/upload/:id': answer });
    renderPage(<SettingsPage />);
    const dialog = await openDialog();
    await userEvent.upload(fileInput(dialog), png());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload photo' }));
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByText('Upload successful')).toBeNull();
    // Back to the chosen file, to try again or choose another.
    expect(within(dialog).getByRole('button', { name: 'Upload photo' })).toBeTruthy();
  });

  it('says when the photo could not be made the profile photo', async () => {
    photoApi({ 'PUT /api/profile-image': apiError(400, 'VALIDATION', 'profileImageURL: nope') });
    renderPage(<SettingsPage />);
    const dialog = await openDialog();
    await userEvent.upload(fileInput(dialog), png());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload photo' }));
    expect(await screen.findByText('Failed to update profile photo')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Upload successful')).toBeNull());
  });

  it('says the file arrived while the photo is being saved', async () => {
    photoApi({ 'PUT /api/profile-image': () => never() });
    renderPage(<SettingsPage />);
    const dialog = await openDialog();
    await userEvent.upload(fileInput(dialog), png());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload photo' }));
    expect(await screen.findByText('Upload successful')).toBeTruthy();
    expect(screen.getByText('1 file(s) uploaded successfully.')).toBeTruthy();
  });

  it('stops at Cancel upload while the upload URL is asked for: nothing sent after, nothing said', async () => {
    const api = photoApi({ 'POST /api/profile-image/upload': () => never() });
    renderPage(<SettingsPage />);
    const dialog = await openDialog();
    await userEvent.upload(fileInput(dialog), png());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload photo' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Cancel upload' }));
    // Back to the chosen file.
    expect(await within(dialog).findByRole('button', { name: 'Upload photo' })).toBeTruthy();
    expect(api.callsTo('PUT /api/profile-image/upload/:id')).toHaveLength(0);
    expect(api.callsTo('PUT /api/profile-image')).toHaveLength(0);
    expect(screen.queryByText('Profile photo updated successfully')).toBeNull();
    expect(screen.queryByText('Upload error')).toBeNull();
  });

  it('stops at Cancel upload while the photo is being set: no toast, the user read again', async () => {
    const api = photoApi({ 'PUT /api/profile-image': () => never() });
    renderPage(<SettingsPage />);
    const dialog = await openDialog();
    await userEvent.upload(fileInput(dialog), png());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload photo' }));
    expect(await screen.findByText('Upload successful')).toBeTruthy();
    const userReads = api.callsTo('GET /api/auth/user').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel upload' }));
    expect(await within(dialog).findByRole('button', { name: 'Upload photo' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Upload successful')).toBeNull());
    expect(screen.queryByText('Profile photo updated successfully')).toBeNull();
    expect(screen.queryByText('Failed to update profile photo')).toBeNull();
    // The server may have set the photo before the cancel reached it: the header shows the truth.
    await waitFor(() =>
      expect(api.callsTo('GET /api/auth/user').length).toBeGreaterThan(userReads),
    );
  });

  it('removes the photo after confirming', async () => {
    const api = mockApi({
      user: buildUser({ profileImageUrl: PHOTO_URL }),
      routes: {
        'GET /api/auth/methods': json({
          google: { connected: false, emailVerified: false },
          facebook: { connected: false, emailVerified: false },
          magicLink: { connected: true, emailVerified: true },
          hasMultipleMethods: false,
        }),
        'GET /api/user/settings': () => never(),
        'GET /api/user/email-change': json({ emailChange: null }),
        'DELETE /api/profile-image': json({ user: buildUser() }),
      },
    });
    renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Change photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profile photo' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    expect(within(dialog).getByText(/Remove your profile photo\?/)).toBeTruthy();
    // A double click: one removal, and focus back on the button that opened the dialog.
    const remove = within(dialog).getByRole('button', { name: 'Remove photo' });
    fireEvent.click(remove);
    fireEvent.click(remove);
    expect(await screen.findByText('Profile photo updated successfully')).toBeTruthy();
    expect(api.callsTo('DELETE /api/profile-image')).toHaveLength(1);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a photo' })),
    );
  });

  it('moves focus to each stage main button: Upload photo, then Cancel upload, then Done', async () => {
    photoApi({ 'PUT /api/profile-image': () => never() });
    renderPage(<SettingsPage />);
    const dialog = await openDialog();
    fireEvent.change(fileInput(dialog), { target: { files: [png()] } });
    const upload = await within(dialog).findByRole('button', { name: 'Upload photo' });
    await waitFor(() => expect(document.activeElement).toBe(upload));
    fireEvent.click(upload);
    fireEvent.click(upload);
    const cancel = await within(dialog).findByRole('button', { name: 'Cancel upload' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
  });

  it('opens with the focus on the drop area, not on Close', async () => {
    photoApi();
    renderPage(<SettingsPage />);
    const dialog = await openDialog();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: /^Choose a photo/ }),
      ),
    );
  });

  it('names the upload progress bar after its visible label', async () => {
    photoApi({ 'PUT /api/profile-image/upload/:id': () => never() });
    renderPage(<SettingsPage />);
    const dialog = await openDialog();
    await userEvent.upload(fileInput(dialog), png());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload photo' }));
    // The element with role progressbar carries the name, not a wrapper around it.
    expect(
      await within(dialog).findByRole('progressbar', { name: /^Uploading… \d+%$/ }),
    ).toBeTruthy();
  });

  it('uploads once for a double click whose first click failed before the second', async () => {
    const api = photoApi({
      'POST /api/profile-image/upload': apiError(500, 'INTERNAL', 'Internal server error'),
    });
    renderPage(<SettingsPage />);
    const dialog = await openDialog();
    await userEvent.upload(fileInput(dialog), png());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload photo' }), { detail: 1 });
    await waitFor(() => expect(api.callsTo('POST /api/profile-image/upload')).toHaveLength(1));
    // The failure put Upload photo back in its place, where the second click lands.
    const again = await within(dialog).findByRole('button', { name: 'Upload photo' });
    fireEvent.click(again, { detail: 2 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('POST /api/profile-image/upload')).toHaveLength(1);
  });

  it('offers no way out of the dialog while the removal is on its way, and says its failure there', async () => {
    const held = heldAnswer();
    mockApi({
      user: buildUser({ profileImageUrl: PHOTO_URL }),
      routes: {
        'GET /api/auth/methods': () => never(),
        'GET /api/user/settings': () => never(),
        'GET /api/user/email-change': json({ emailChange: null }),
        'DELETE /api/profile-image': held.route,
      },
    });
    renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Change photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profile photo' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    const remove = within(dialog).getByRole('button', { name: 'Remove photo' });
    await userEvent.click(remove);
    await waitFor(() => expect(remove.getAttribute('aria-disabled')).toBe('true'));
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay && fireEvent.mouseDown(overlay)).toBe(false);
    if (overlay) await userEvent.click(overlay);
    // Nor does Keep photo go back to a photo that is being removed.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep photo' }));
    expect(screen.getByRole('dialog', { name: 'Profile photo' })).toBe(dialog);
    expect(within(dialog).getByText(/Remove your profile photo\?/)).toBeTruthy();
    held.answer(apiError(500, 'INTERNAL', 'Internal server error'));
    expect(await screen.findByText('Failed to update profile photo')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Profile photo' })).toBe(dialog);
    expect(await within(dialog).findByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('removes once for a double click whose first click failed before the second', async () => {
    const api = mockApi({
      user: buildUser({ profileImageUrl: PHOTO_URL }),
      routes: {
        'GET /api/auth/methods': () => never(),
        'GET /api/user/settings': () => never(),
        'GET /api/user/email-change': json({ emailChange: null }),
        'DELETE /api/profile-image': apiError(500, 'INTERNAL', 'Internal server error'),
      },
    });
    renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Change photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profile photo' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    const remove = within(dialog).getByRole('button', { name: 'Remove photo' });
    fireEvent.click(remove, { detail: 1 });
    expect(await screen.findByText('Failed to update profile photo')).toBeTruthy();
    await waitFor(() => expect(remove.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(remove, { detail: 2 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('DELETE /api/profile-image')).toHaveLength(1);
  });

  it('gives focus to the drop area when another photo is to be chosen', async () => {
    photoApi();
    renderPage(<SettingsPage />);
    const dialog = await openDialog();
    fireEvent.change(fileInput(dialog), { target: { files: [png()] } });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Choose another' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: /^Choose a photo/ }),
      ),
    );
  });
});
