import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Every WCAG 2.0, 2.1 and 2.2 rule of levels A and AA that axe-core knows. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Runs axe-core over the page as it is now and fails naming each violation, the rule, its help
 * and the elements, so the report says what to fix. `what` names the state in the message.
 * The one accessibility check of the e2e suite: the sweep (accessibility.spec.ts) and the specs
 * of states only a journey reaches call it.
 */
export async function expectNoAxeViolations(page: Page, what = page.url()): Promise<void> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page })
    // Not a WCAG rule in axe (best practice), but an unnamed dialog is announced as just
    // "dialog": every dialog and alert dialog of the suite has a name. (Before withTags:
    // options() replaces what was set.)
    .options({ rules: { 'aria-dialog-name': { enabled: true } } })
    .withTags(WCAG_TAGS)
    .analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1] ?? ''}`)
        .join('\n')}`,
  );
  expect.soft(found, `axe violations on ${what} (${page.viewportSize()?.width} px)`).toEqual([]);
}

/**
 * Resolves once no transition or finite animation runs on the page: a dialog or popover still
 * fading in is measured half transparent, and axe reports its text's contrast against what shows
 * through it. Two frames first, so a transition about to start (Mantine sets the entering
 * styles a frame after mounting) is seen; endless animations (skeletons, loaders) do not count.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
}
