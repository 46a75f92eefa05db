import { useEffect, useState } from 'react';

/**
 * A code chunk fetched once, as early as its caller wants (`load()` at module evaluation), and
 * rendered without Suspense: React.lazy suspends on its first render even when the chunk has
 * arrived, and React holds a revealed Suspense boundary back for up to 300 ms after its fallback
 * showed, which cost the map up to 600 ms between the code arriving and the markers drawn.
 */
export interface Preloadable<T> {
  load(): Promise<T>;
  /** The loaded module, once `load()` has resolved. */
  readonly value: T | undefined;
}

export function preloadable<T>(loader: () => Promise<T>): Preloadable<T> {
  let promise: Promise<T> | undefined;
  let value: T | undefined;
  return {
    load() {
      promise ??= loader().then(
        (loaded) => {
          value = loaded;
          return loaded;
        },
        (error: unknown) => {
          // A failed chunk is fetched again next time.
          promise = undefined;
          throw error;
        },
      );
      return promise;
    },
    get value() {
      return value;
    },
  };
}

/** The module when loaded (at once if it already is), `undefined` meanwhile; a failure goes to the error boundary. */
export function usePreloaded<T>(chunk: Preloadable<T>): T | undefined {
  const [loaded, setLoaded] = useState<{ value: T } | undefined>(() =>
    chunk.value === undefined ? undefined : { value: chunk.value },
  );
  const [failure, setFailure] = useState<{ error: unknown }>();
  useEffect(() => {
    if (loaded) return;
    let live = true;
    chunk.load().then(
      (value) => live && setLoaded({ value }),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [chunk, loaded]);
  if (failure) throw failure.error;
  return loaded?.value;
}
