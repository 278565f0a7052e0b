import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SITE } from '@trek/shared';
import classes from './site-footer.module.css';

const SOCIAL_LINKS = [
  { label: 'Facebook', href: SITE.social.facebook },
  { label: 'Instagram', href: SITE.social.instagram },
  { label: 'YouTube', href: SITE.social.youtube },
  { label: 'TikTok', href: SITE.social.tiktok },
];

// All three point at the one legal notice page of the marketing site (docs/product/site.md).
const LEGAL_LINKS = ['Privacy Policy', 'Terms of Service', 'Legal Notice'];

export function SiteFooter() {
  const { contact } = SITE;
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap={6}>
            <Title order={2} fz="md">
              {SITE.name}
            </Title>
            <Text fz="sm" c="dimmed" component="address" className={classes.address}>
              {contact.address}
            </Text>
          </Stack>
          <Stack gap={6}>
            <Title order={2} fz="md">
              Contact
            </Title>
            <Anchor fz="sm" href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>
              {contact.phone}
            </Anchor>
            <Anchor fz="sm" href={`mailto:${contact.email}`}>
              {contact.email}
            </Anchor>
          </Stack>
          <Stack gap={6}>
            <Title order={2} fz="md">
              Follow us
            </Title>
            <Group gap="md">
              {SOCIAL_LINKS.map((link) => (
                <Anchor key={link.label} fz="sm" href={link.href} target="_blank" rel="noopener">
                  {link.label}
                </Anchor>
              ))}
            </Group>
          </Stack>
        </SimpleGrid>
        <Group justify="space-between" mt="xl" pt="md" className={classes.bottom}>
          <Text fz="xs" c="dimmed">
            © {SITE.copyrightYear} {SITE.name}. All rights reserved.
          </Text>
          <Group gap="md" component="nav" aria-label="Legal">
            {LEGAL_LINKS.map((label) => (
              <Anchor key={label} fz="xs" c="dimmed" href={SITE.legalUrl}>
                {label}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
