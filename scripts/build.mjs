// @ts-check
/** `npm run build`: install what is missing, then build every production bundle. */
import { buildAll, installDependencies } from './toolchain.mjs';

await installDependencies();
await buildAll();
