import { drawInSteps, inGroupsOf } from './draw-in-steps';

describe('drawInSteps', () => {
  it('runs each step in a task of its own, in order', async () => {
    const ran: string[] = [];
    const drawing = drawInSteps(
      [() => ran.push('first'), () => ran.push('second'), () => ran.push('third')],
      () => false,
    );
    // Nothing runs in the caller's task: the page's other work goes first.
    expect(ran).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ran).toEqual(['first']);
    expect(await drawing).toBe(true);
    expect(ran).toEqual(['first', 'second', 'third']);
  });

  it('stops before the next step once cancelled (the map was left)', async () => {
    const ran: number[] = [];
    let cancelled = false;
    const steps = [1, 2, 3].map((step) => () => {
      ran.push(step);
      if (step === 2) cancelled = true;
    });
    expect(await drawInSteps(steps, () => cancelled)).toBe(false);
    expect(ran).toEqual([1, 2]);
  });
});

it('inGroupsOf cuts a list into groups of a size, the last one shorter', () => {
  expect(inGroupsOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  expect(inGroupsOf([], 3)).toEqual([]);
});
