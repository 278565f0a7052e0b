// A stage of the app's start (src/bootstrap.ts): evaluates @trek/shared (its schemas, mostly).
import '@trek/shared';
