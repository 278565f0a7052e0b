import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { PATHS, type User, useLogout, userDisplayName, userInitial } from '@trek/shared';
import { Link } from 'react-router-dom';
import { remotePages } from '../remote-pages';

export function UserMenu({ user }: { user: User }) {
  const logout = useLogout();
  const name = userDisplayName(user);
  return (
    <Menu
      position="bottom-end"
      width={200}
      withinPortal
      onOpen={() => {
        // Both items lead to a remote: start fetching their code while the user chooses.
        remotePages.projects.preload();
        remotePages.settings.preload();
        if (user.isAdmin) remotePages.adminGuides.preload();
      }}
    >
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${name}`}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={user.profileImageUrl ?? null} alt="" radius="xl" size={34} color="teal">
              {userInitial(user)}
            </Avatar>
            <Text fw={600} fz="sm" visibleFrom="xs">
              {name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={PATHS.projects}>
          My projects
        </Menu.Item>
        <Menu.Item component={Link} to={PATHS.settings}>
          Settings
        </Menu.Item>
        {/* Admin entry (issue 12): shown as the server says; the server guards the calls. */}
        {user.isAdmin && (
          <Menu.Item component={Link} to={PATHS.adminGuides}>
            Guide management
          </Menu.Item>
        )}
        <Menu.Divider />
        {/* Stays open while signing out so the pending state is visible until the page leaves. */}
        <Menu.Item
          color="red"
          closeMenuOnClick={false}
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
        >
          {logout.isPending ? 'Signing out...' : 'Log out'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
