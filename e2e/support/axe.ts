import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

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

/** Two frames at 60 Hz take 33 ms; a busy machine may take a few hundred, a stalled page forever. */
const TWO_FRAMES_AT_THE_LATEST_MS = 500;
/** The longest transition here (the wizard's progress bar) takes 500 ms; still moving after 5 s is stuck. */
const SETTLE_AT_THE_LATEST_MS = 5_000;

/**
 * Resolves once no transition or finite animation runs on the page: a dialog or popover still
 * fading in is measured half transparent, and axe reports its text's contrast against what shows
 * through it. Two frames first, so a transition about to start (Mantine sets the entering
 * styles a frame after mounting) is seen; endless animations (skeletons, loaders) do not count.
 *
 * Every wait here is bounded by a timer, never by frames alone: headless Chromium now and then
 * stops producing frames for a page (no compositor frame is asked for), and a wait for
 * `requestAnimationFrame` then never ends. That is how a CI run hung a whole minute here.
 */
async function animationsSettled(page: Page): Promise<void> {
  const framesCame = await page.evaluate(
    (fallbackMs) =>
      new Promise<boolean>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)));
        setTimeout(() => resolve(false), fallbackMs);
      }),
    TWO_FRAMES_AT_THE_LATEST_MS,
  );
  if (!framesCame) {
    // Activating the tab asks the browser for frames again; the note says it happened.
    const visibility = await page.evaluate(() => document.visibilityState);
    const description = `no animation frame within ${TWO_FRAMES_AT_THE_LATEST_MS} ms (page ${visibility})`;
    test.info().annotations.push({ type: 'no frames', description });
    console.warn(`${test.info().title}: ${description}`);
    await page.bringToFront();
  }
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
          ),
      undefined,
      // Polled by a timer: the default polling is by animation frame.
      { polling: 50, timeout: SETTLE_AT_THE_LATEST_MS },
    )
    .catch((error: unknown) => {
      // With no frames a transition's clock stands still too: axe then looks at the page as it
      // is. With frames, a finite animation still running after 5 s is a fault of the page.
      if (framesCame) throw error;
    });
}
