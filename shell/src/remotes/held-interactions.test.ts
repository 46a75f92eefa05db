import { AREA_ATTRIBUTE, areaTakenOver, holdInteractionsUntilTakenOver, pageTakenOver } from './held-interactions';

function page() {
  document.body.innerHTML = `<div id="root"><div ${AREA_ATTRIBUTE}="mf-tracking/./App">
    <form><input type="text" value=""><button type="submit">Track</button></form></div>
    <button id="shell">Menu</button></div>`;
  const root = document.getElementById('root') as HTMLElement;
  holdInteractionsUntilTakenOver(root);
  const area = root.querySelector(`[${AREA_ATTRIBUTE}]`) as HTMLElement;
  return {
    root,
    area,
    input: area.querySelector('input') as HTMLInputElement,
    button: area.querySelector('button') as HTMLButtonElement,
    shellButton: root.querySelector('#shell') as HTMLButtonElement,
  };
}

/** What the browser does as a key is typed into the field. */
function type(field: HTMLInputElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * What React does with an event on a part it has not hydrated yet (its code still loading): it
 * stops it on the root, before the element. Registered, like React's listeners, after the held
 * interactions' and before the page is taken over.
 */
function stopEventsOn(root: HTMLElement, loading: Set<Element>) {
  const stop = (event: Event) => {
    if ([...loading].some((part) => part.contains(event.target as Node))) event.stopPropagation();
  };
  for (const kind of ['click', 'submit', 'input']) root.addEventListener(kind, stop, true);
}

/**
 * Lets the replays run (fake timers): each click comes in a task of its own after the text typed,
 * and one React stopped is tried again 50 ms later (jsdom has no idle callbacks).
 */
const replayTasks = () => jest.advanceTimersByTimeAsync(100);

/** What reaches the page's listeners (React's, registered after the held interactions'). */
function seenOn(root: HTMLElement, input?: HTMLInputElement): string[] {
  const seen: string[] = [];
  root.addEventListener('click', (event) => seen.push(`click ${(event.target as Element).textContent}`));
  root.addEventListener('submit', (event) => {
    event.preventDefault(); // jsdom does not submit forms
    seen.push('submit');
  });
  if (input) root.addEventListener('input', () => seen.push(`input ${input.value}`));
  return seen;
}

describe('interactions in markup React has not taken over yet (issues 18 and 41)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('are held until React has committed the area, then replayed: the typed text first, then the click', async () => {
    const { root, input, button } = page();
    type(input, 'RR123456785LV');
    const seen = seenOn(root, input);
    button.click();
    await jest.advanceTimersByTimeAsync(500);
    expect(seen).toEqual([]); // held: React would have dropped it
    pageTakenOver();
    await jest.advanceTimersByTimeAsync(500);
    expect(seen).toEqual([]); // the page is React's, the area still waits for its code
    areaTakenOver(root.querySelector(`[${AREA_ATTRIBUTE}]`));
    await replayTasks();
    expect(seen).toEqual(['input RR123456785LV', 'click Track', 'submit']);
    expect(input.value).toBe('RR123456785LV');
  });

  it('do not go by React’s private fields, which React sets while it is still rendering', async () => {
    const { root, area, button } = page();
    const seen = seenOn(root);
    button.click();
    for (const element of [area, ...area.querySelectorAll('*')]) Object.assign(element, { __reactFiber$x: {} });
    pageTakenOver();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(seen).toEqual([]);
    areaTakenOver(area);
    await replayTasks();
    expect(seen).toEqual(['click Track', 'submit']);
  });

  it('hold a click outside the remote areas until React has committed the page, then leave alone what it has', async () => {
    const { root, area, button, shellButton } = page();
    const seen = seenOn(root);
    shellButton.click();
    await jest.advanceTimersByTimeAsync(100);
    expect(seen).toEqual([]);
    pageTakenOver();
    await replayTasks();
    expect(seen).toEqual(['click Menu']);
    areaTakenOver(area);
    await replayTasks(); // the area settles once the browser is idle, no code on its way
    button.click();
    shellButton.click();
    expect(seen).toEqual(['click Menu', 'click Track', 'submit', 'click Menu']);
  });

  it('replay in the order they were made: a click behind one waiting for its area waits too', async () => {
    const { root, area, button, shellButton } = page();
    const seen = seenOn(root);
    button.click();
    pageTakenOver();
    shellButton.click(); // the page is React's, but a click before it waits
    await jest.advanceTimersByTimeAsync(100);
    expect(seen).toEqual([]);
    areaTakenOver(area);
    shellButton.click(); // made while the queue is replayed: after it
    await replayTasks();
    expect(seen).toEqual(['click Track', 'submit', 'click Menu', 'click Menu']);
  });

  it('replay a form’s submission (Enter in a field) as a submission', async () => {
    const { root, area, input } = page();
    type(input, 'LV-1050');
    const seen = seenOn(root, input);
    input.form?.requestSubmit();
    pageTakenOver();
    areaTakenOver(area);
    await replayTasks();
    expect(seen).toEqual(['input LV-1050', 'submit']);
  });

  it('drop a held click on markup React has replaced (drawn afresh), and hold none after it', async () => {
    const { root, button } = page();
    const clicks = jest.fn();
    root.addEventListener('click', clicks);
    button.click();
    root.innerHTML = '<button id="fresh">Track</button>';
    const fresh = root.querySelector('#fresh') as HTMLButtonElement;
    pageTakenOver();
    await jest.advanceTimersByTimeAsync(100);
    expect(clicks).not.toHaveBeenCalled();
    fresh.click();
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('replay a held click at the latest after ten seconds, never losing it', async () => {
    const { root, button, shellButton } = page();
    const seen = seenOn(root);
    button.click();
    shellButton.click();
    pageTakenOver();
    await jest.advanceTimersByTimeAsync(9_000);
    expect(seen).toEqual([]);
    await jest.advanceTimersByTimeAsync(1_100);
    expect(seen).toEqual(['click Track', 'submit', 'click Menu']);
  });

  it('send React the text typed in an area once React has committed it and it has settled, not with the page', async () => {
    const { root, area, input } = page();
    type(input, 'LV-1050');
    const typed = jest.fn();
    root.addEventListener('input', typed);
    pageTakenOver();
    expect(typed).not.toHaveBeenCalled();
    areaTakenOver(area);
    expect(typed).not.toHaveBeenCalled(); // committed: React may still be drawing a part of it
    await replayTasks();
    expect(typed).toHaveBeenCalledTimes(1);
    areaTakenOver(area);
    await replayTasks();
    expect(typed).toHaveBeenCalledTimes(1); // once
  });

  it('take the text typed before this script ran too', async () => {
    document.body.innerHTML = `<div id="root"><input type="text" value=""></div>`;
    const root = document.getElementById('root') as HTMLElement;
    const input = root.querySelector('input') as HTMLInputElement;
    input.value = 'typed early';
    holdInteractionsUntilTakenOver(root);
    const seen = seenOn(root, input);
    pageTakenOver();
    expect(seen).toEqual(['input typed early']);
  });

  it('wait for a part React is still loading inside a committed area, trying again, then replay all of it', async () => {
    const { root, area, input, button } = page();
    const part = area.querySelector('form') as HTMLFormElement;
    const loading = new Set<Element>([part]);
    stopEventsOn(root, loading);
    type(input, 'RR123456785LV');
    button.click();
    const seen = seenOn(root, input);
    pageTakenOver();
    areaTakenOver(area);
    await replayTasks();
    expect(seen).toEqual([]); // stopped by React: tried again later, nothing lost
    // React draws the field once it has it, with the screen's state: the markup's empty value.
    input.value = '';
    loading.clear();
    await replayTasks();
    expect(seen).toEqual(['input RR123456785LV', 'click Track', 'submit']);
    expect(input.value).toBe('RR123456785LV');
  });

  it('let the browser do nothing with a replayed click React stopped (no form sent, no link followed)', async () => {
    const { root, area, button } = page();
    stopEventsOn(root, new Set([area]));
    const submissions = jest.fn();
    root.querySelector('form')?.addEventListener('submit', submissions);
    button.click();
    pageTakenOver();
    areaTakenOver(area);
    await replayTasks();
    expect(submissions).not.toHaveBeenCalled();
  });

  it('hold a click in a committed area while code is still on its way (a lazily loaded part of it)', async () => {
    const { root, area, button } = page();
    const seen = seenOn(root);
    pageTakenOver();
    const chunk = document.createElement('script');
    chunk.src = '/remotes/mf-calculator/150.js';
    document.head.append(chunk);
    areaTakenOver(area);
    button.click();
    await replayTasks();
    expect(seen).toEqual([]);
    chunk.remove(); // the bundler's chunk loading removes the script it added once it has run
    await replayTasks();
    expect(seen).toEqual(['click Track', 'submit']);
  });

  it('give the focus back to the field the visitor went to after a held click that moved it', async () => {
    const { root, area, input, shellButton } = page();
    // What Chrome does on a click on a label: the control it names takes the focus.
    shellButton.addEventListener('click', () => shellButton.focus());
    const seen = seenOn(root);
    const focused: string[] = [];
    input.addEventListener('focus', () => focused.push('field'));
    shellButton.click();
    input.focus();
    pageTakenOver();
    await replayTasks();
    expect(seen).toEqual(['click Menu']);
    expect(document.activeElement).toBe(input);
    expect(focused).toEqual(['field', 'field']); // React hears the focus again (a list opens on it)
    areaTakenOver(area);
  });

  it('leave the focus where a held click put it when the visitor has not moved since', async () => {
    const { root, input, shellButton } = page();
    shellButton.addEventListener('click', () => shellButton.focus());
    input.focus();
    shellButton.click();
    seenOn(root);
    pageTakenOver();
    await replayTasks();
    expect(document.activeElement).toBe(shellButton);
  });
});
