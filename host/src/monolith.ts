// The monolith yardstick's entry (rsbuild.config.ts): no federation, so no async boundary; the
// app's code and styles are the page's own scripts and stylesheets. As in the federated build,
// the route's page starts loading before the first render.
import './zod-jitless';
import { renderApp } from './bootstrap';
import { startRoutePage } from './federation/runtime';

void startRoutePage(window.location.pathname).then(() => renderApp());
