import { Container, Stack, Text, Title } from '@mantine/core';
import { PageMeta, PageSkeleton, useAuth } from '@trek/shared';
import { AccountSection } from '../features/account/components/account-section';
import { NotificationsSection } from '../features/notifications/components/notifications-section';
import { SecuritySection } from '../features/security/components/security-section';
import { SignInMethodsSection } from '../features/sign-in-methods/components/sign-in-methods-section';

/**
 * Exposed as `account/SettingsPage`: the account settings (docs/product/account.md). The host
 * renders it for signed-in users only and starts its queries with its code.
 */
export default function SettingsPage() {
  const { user, isLoading } = useAuth();
  return (
    <>
      <PageMeta
        title="Account settings"
        description="Your account, sign-in methods, notifications and privacy."
        noIndex
      />
      <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <div>
            <Title order={1}>Account settings</Title>
            <Text c="dimmed" mt={4}>
              Your account, sign-in methods, notifications and privacy.
            </Text>
          </div>
          {isLoading ? (
            <PageSkeleton />
          ) : user ? (
            <>
              <AccountSection user={user} />
              <SignInMethodsSection user={user} />
              <NotificationsSection />
              <SecuritySection user={user} />
            </>
          ) : (
            <Text>Sign in to see your settings.</Text>
          )}
        </Stack>
      </Container>
    </>
  );
}
