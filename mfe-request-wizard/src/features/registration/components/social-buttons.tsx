import { Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  browserStorage,
  OAUTH_FORM_DATA_MAX,
  providersQueryOptions,
  STORAGE_KEYS,
  socialSignInButtonContent,
} from '@trek/shared';
import { leaveSite } from '../model/leave-site';

function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

type Provider = 'google' | 'facebook';

const PROVIDER_NAMES: Record<Provider, string> = { google: 'Google', facebook: 'Facebook' };

/** Where a provider sign-in leads back, and whether the saved request goes along to be sent. */
export interface SocialReturn {
  returnTo: string;
  /**
   * The saved form travels through the provider round trip, base64-encoded, and the wizard
   * submits it on return (docs/product/sign-in.md). Only when the traveler asked to send it.
   */
  withForm: boolean;
}

function socialSignInUrl(provider: Provider, { returnTo, withForm }: SocialReturn): string {
  const params = new URLSearchParams({ returnTo });
  if (!withForm) return `/auth/${provider}?${params.toString()}`;
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

/**
 * Continue with Google or Facebook. A provider the server has no credentials for shows as
 * unavailable, as on /sign-in, instead of leaving the wizard for an error page.
 */
export function SocialButtons({ back }: { back: SocialReturn }) {
  const { data: providers } = useQuery(providersQueryOptions());
  return (
    <Stack gap="xs">
      {(['google', 'facebook'] as const).map((provider) => {
        const unavailable = providers?.[provider].available === false;
        return (
          <Button
            key={provider}
            variant="default"
            disabled={unavailable}
            onClick={() => leaveSite(socialSignInUrl(provider, back))}
            {...socialSignInButtonContent(
              `Continue with ${PROVIDER_NAMES[provider]}${unavailable ? ' (unavailable)' : ''}`,
              providers?.[provider],
            )}
          />
        );
      })}
    </Stack>
  );
}
