/**
 * A scheduled job's pass that runs until `finish`; `begun` settles once it runs, that is once its
 * turn holds the job (on PostgreSQL, once its advisory lock is taken). A test that wants another
 * turn to find the job taken awaits `begun` first: each turn asks for the lock on its own
 * connection, and a fixed wait was too short on a busy CI machine (the second turn took it first).
 */
export function heldPass<T = void>() {
  let finish: (value: T) => void = () => {};
  let markBegun: () => void = () => {};
  const held = new Promise<T>((resolve) => {
    finish = resolve;
  });
  const begun = new Promise<void>((resolve) => {
    markBegun = resolve;
  });
  return {
    pass: () => {
      markBegun();
      return held;
    },
    begun,
    finish: (value: T) => finish(value),
  };
}
