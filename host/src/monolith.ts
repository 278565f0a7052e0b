// The monolith yardstick's entry (rsbuild.config.ts): no federation, so no async boundary; the
// app's code and styles are the page's own scripts and stylesheets.
import './zod-jitless';
import './bootstrap';
