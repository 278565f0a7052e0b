import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The part of the page to check: CSS selectors, as axe's own include/exclude take them. */
export interface AxeContext {
  include?: string | string[];
  exclude?: string | string[];
}

const asList = (selectors: string | string[] | undefined) =>
  selectors === undefined ? [] : Array.isArray(selectors) ? selectors : [selectors];

/**
 * Runs axe-core (every rule it enables by default, WCAG 2.x A and AA included) on the page as it
 * is now, and fails listing each violation with the element it was found on, so the report says
 * what to fix. Check a page in each state a user reaches (a dialog open, an error shown).
 */
export async function expectNoAxeViolations(page: Page, context: AxeContext = {}): Promise<void> {
  let builder = new AxeBuilder({ page });
  for (const selector of asList(context.include)) builder = builder.include(selector);
  for (const selector of asList(context.exclude)) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  expect(
    violations.flatMap((violation) =>
      violation.nodes.map((node) =>
        `${violation.id}: ${node.target.join(' ')} ${node.failureSummary ?? ''}`.trim(),
      ),
    ),
    'axe-core accessibility violations',
  ).toEqual([]);
}
