import './zod-jitless';

// The async boundary lets Module Federation negotiate shared singletons (React, router, query
// client, Mantine, @trek/shared) before any of them is evaluated. The chunk is named so that
// the page preloads it with the scripts it names (rsbuild.config.ts, performance.preload).
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
