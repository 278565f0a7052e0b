/** The parts of a remote's module require (`__webpack_require__`) this plugin uses. */
export interface RemoteModuleRequire {
  (moduleId: string | number): unknown;
  /** The chunk loading handlers, each called by `e(chunkId)` in turn. */
  f: Record<string, (chunkId: string | number, promises: Promise<unknown>[]) => void>;
  /** Which shared modules (by module id) each chunk needs, as the federation build writes them. */
  consumesLoadingData?: { chunkMapping?: Record<string, (string | number)[]> };
}

/** The name of the chunk loading handler this plugin adds. */
export const SHARE_FAILURE_HANDLER = 'trekShareFailures';

/**
 * A chunk loading handler that makes a chunk's load fail when a shared module it needs could not
 * be fetched. Federation's own handler swallows that failure: the chunk then loads, its code runs,
 * stops where it first requires the missing module, and stays in the remote's module cache half
 * run for good, so a Retry gets that broken module back and only a reload helps (a dates step
 * whose dayjs did not come). Failing the load instead runs no code of the chunk: a later load asks
 * for the shared module again, and then runs the chunk once, whole.
 */
export function shareFailureHandler(remoteRequire: RemoteModuleRequire) {
  return (chunkId: string | number, promises: Promise<unknown>[]): void => {
    const sharedModules = remoteRequire.consumesLoadingData?.chunkMapping?.[chunkId];
    if (!sharedModules) return;
    // Read once every handler has added its promise (whichever order they run in): federation's
    // resolves when its shared modules are settled, fetched or failed.
    const check: Promise<void> = Promise.resolve()
      .then(() => Promise.all(promises.filter((promise) => promise !== check)))
      .then(() => {
        // A shared module that failed throws its failure when required, and is not kept. One
        // that came is the host's module, returned as it is (no code of the remote runs here);
        // only a remote's own fallback copy, used when no copy is provided at all, would run
        // here, which no page of the suite does (the host provides every shared module).
        for (const moduleId of sharedModules) remoteRequire(moduleId);
      });
    promises.push(check);
  };
}

declare const __webpack_require__: RemoteModuleRequire;

/**
 * Compiled into each remote's entry (shared/build/rsbuild-remote.ts), where it reaches that
 * remote's own module require; its handler is added before any of the remote's chunks is loaded.
 */
export default function shareFailureRuntimePlugin(): { name: string } {
  __webpack_require__.f[SHARE_FAILURE_HANDLER] ??= shareFailureHandler(__webpack_require__);
  return { name: 'trek-share-failures' };
}
