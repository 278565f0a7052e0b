import { Button, Stack } from '@mantine/core';
import { browserStorage, STORAGE_KEYS } from '@trek/shared';

function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The saved form travels through the provider round trip, base64-encoded (spec section 7). */
function socialSignInUrl(provider: 'google' | 'facebook'): string {
  const params = new URLSearchParams({ returnTo: '/create-project' });
  try {
    const saved = browserStorage('local')?.getItem(STORAGE_KEYS.wizardFormData);
    if (saved) params.set('formData', toBase64(saved));
  } catch {
    // Without the saved form the request is restored from local storage on return.
  }
  return `/auth/${provider}?${params.toString()}`;
}

export function SocialButtons() {
  return (
    <Stack gap="xs">
      <Button variant="default" onClick={() => window.location.assign(socialSignInUrl('google'))}>
        Continue with Google
      </Button>
      <Button variant="default" onClick={() => window.location.assign(socialSignInUrl('facebook'))}>
        Continue with Facebook
      </Button>
    </Stack>
  );
}
