/**
 * A scheduled job's pass that runs until `finish`; `begun` settles once it runs, that is once the
 * engine has taken its job. A test that wants another check to find the job under way awaits
 * `begun` first rather than a fixed wait (too short on a busy CI machine).
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
