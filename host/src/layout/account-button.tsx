import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { type User, userDisplayName, userInitial } from '@trek/shared';
import type { ComponentPropsWithRef } from 'react';

export interface AccountButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'children'> {
  user: User;
  /** Signing out: the button says so instead of the name. */
  signingOut?: boolean;
}

/** The signed-in user's avatar and name in the header: the button of their menu. */
export function AccountButton({ user, signingOut = false, ...button }: AccountButtonProps) {
  const name = userDisplayName(user);
  return (
    // The name read out starts with the name shown (WCAG 2.5.3, label in name).
    <UnstyledButton
      {...button}
      aria-label={signingOut ? 'Signing out...' : `${name}, account menu`}
    >
      <Group gap="xs" wrap="nowrap">
        <Avatar
          src={user.profileImageUrl ?? null}
          alt=""
          radius="xl"
          size={34}
          color="teal"
          aria-hidden
        >
          {userInitial(user)}
        </Avatar>
        <Text fw={600} fz="sm" visibleFrom="xs" aria-hidden>
          {signingOut ? 'Signing out...' : name}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
