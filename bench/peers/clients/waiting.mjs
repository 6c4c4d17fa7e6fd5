// Waiting for a client's copy of a game to reach a state, for the systems whose answers
// arrive as state updates rather than as replies.

const WAIT_LIMIT_MS = 15_000;

/**
 * Resolves once `test()` holds, checking each time `watch.changed()` is called (the
 * client calls it on every update); fails after WAIT_LIMIT_MS so that a lost update
 * stops the run instead of hanging it.
 */
export function untilTrue(watch, test, what) {
  if (test()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      watch.changed = () => {};
      reject(new Error(`no ${what} within ${WAIT_LIMIT_MS / 1000} s`));
    }, WAIT_LIMIT_MS);
    watch.changed = () => {
      if (!test()) return;
      clearTimeout(timer);
      watch.changed = () => {};
      resolve();
    };
  });
}
