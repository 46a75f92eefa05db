/** Lets the browser run what waits (input, a paint) before the caller goes on, in a task of its own. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
