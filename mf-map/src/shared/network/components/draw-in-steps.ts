/**
 * Geometries drawn per step. The world's outlines took one task of 75 ms and the Baltic basemap
 * one of 48 ms on a phone-speed CPU (4x slower), blocking a tap meanwhile (Lighthouse's TBT on the
 * map page); a step of this size takes a few milliseconds.
 */
export const GEOMETRIES_PER_STEP = 30;

/** Runs the steps one task each, so that input and paints run between them; false when cancelled. */
export async function drawInSteps(steps: (() => void)[], cancelled: () => boolean): Promise<boolean> {
  for (const step of steps) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (cancelled()) return false;
    step();
  }
  return true;
}

export function inGroupsOf<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}
