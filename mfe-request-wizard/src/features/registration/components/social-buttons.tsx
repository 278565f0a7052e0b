import { Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  browserStorage,
  OAUTH_FORM_DATA_MAX,
  providersQueryOptions,
  STORAGE_KEYS,
  socialSignInButtonContent,
} from '@trek/shared';

function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The saved form travels through the provider round trip, base64-encoded (docs/product/sign-in.md). */
function socialSignInUrl(provider: 'google' | 'facebook'): string {
  const params = new URLSearchParams({ returnTo: '/create-project' });
  try {
    const saved = browserStorage('local')?.getItem(STORAGE_KEYS.wizardFormData);
    const encoded = saved ? toBase64(saved) : '';
    // The server keeps at most this much; a longer form is restored from this browser instead.
    if (encoded && encoded.length <= OAUTH_FORM_DATA_MAX) params.set('formData', encoded);
  } catch {
    // Without the saved form the request is restored from local storage on return.
  }
  return `/auth/${provider}?${params.toString()}`;
}

export function SocialButtons() {
  const { data: providers } = useQuery(providersQueryOptions());
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        onClick={() => window.location.assign(socialSignInUrl('google'))}
        {...socialSignInButtonContent('Continue with Google', providers?.google)}
      />
      <Button
        variant="default"
        onClick={() => window.location.assign(socialSignInUrl('facebook'))}
        {...socialSignInButtonContent('Continue with Facebook', providers?.facebook)}
      />
    </Stack>
  );
}
