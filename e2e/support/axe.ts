import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Fails the test with every WCAG 2 A/AA violation axe finds, one line per rule with the
 * elements it found. `context` is a CSS selector of what to check; by default the open dialog
 * when one is open (the page behind it is inert), else the whole page, the host's chrome
 * included.
 */
export async function expectNoAxeViolations(page: Page, context?: string): Promise<void> {
  const dialogOpen = (await page.getByRole('dialog').count()) > 0;
  const include = context ?? (dialogOpen ? '[role="dialog"]' : undefined);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.help}): ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
  expect(found, `axe found accessibility violations${include ? ` in ${include}` : ''}`).toEqual([]);
}
