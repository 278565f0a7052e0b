import { type ButtonProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Providers } from '../schemas/user';

/**
 * The content of a 'Continue with …' button. When the API's local development identity provider
 * stands in for the provider (`npm start` without credentials), a second line says
 * 'development sign-in', so nobody mistakes it for the real provider.
 */
export function socialSignInButtonContent(
  label: ReactNode,
  status: Providers['google'] | undefined,
): Pick<ButtonProps, 'children' | 'h' | 'py' | 'styles'> {
  if (!status?.development) return { children: label };
  return {
    h: 'auto',
    py: 6,
    styles: { label: { flexDirection: 'column', lineHeight: 1.35 } },
    children: (
      <>
        {label}{' '}
        <Text span fz="xs" c="dimmed">
          development sign-in
        </Text>
      </>
    ),
  };
}
