import { nextTask } from './next-task';

/**
 * Starts the app in a few tasks rather than one: evaluating all of its modules at once (mostly
 * @trek/shared's schemas, Mantine and React DOM) was one task of ~170 ms on a mid-range phone
 * (Lighthouse, 4x CPU), during which the page could not answer input. Between the stages the
 * browser paints and handles input (Lighthouse's blocking time on /u/projects: 127-169 ms to
 * 36-104 ms). Each stage is already in the page (webpackMode "eager"): nothing more is fetched.
 * A stage only imports its library for its evaluation, never its exports (src/start/), so the
 * builds still drop what no page uses; a stage whose library has no side effects (Mantine's
 * JavaScript) is then evaluated with the app instead.
 */
void (async () => {
  await import(/* webpackMode: "eager" */ './start/react-dom');
  await nextTask();
  await import(/* webpackMode: "eager" */ './start/mantine-shell');
  await nextTask();
  await import(/* webpackMode: "eager" */ './start/shared-package');
  await nextTask();
  await import(/* webpackMode: "eager" */ './app');
})();
