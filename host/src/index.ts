import './zod-jitless';
import { startFederation, startRoutePage } from './federation/runtime';

startFederation();

/** A macrotask: what the browser queued meanwhile (input, a script that arrived) runs first. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The async boundary lets Module Federation negotiate shared singletons (React, router, query
// client, Mantine, @trek/shared) before any of them is evaluated. The app's code is evaluated in
// tasks of their own rather than in one long task: react-dom, then the page's QueryClient, which
// asks who the user is at once, then the rest (a chunk named so that the page preloads it,
// rsbuild.config.ts). The route's remote page then starts loading, and the first render follows
// once it has asked for its code.
void nextTask()
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import(/* webpackChunkName: "bootstrap" */ './query-client'))
  .then(nextTask)
  .then(() => import(/* webpackChunkName: "bootstrap" */ './bootstrap'))
  .then(async ({ renderApp }) => {
    await startRoutePage(window.location.pathname);
    await nextTask();
    await renderApp();
  });
