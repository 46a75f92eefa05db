import { AREA_ATTRIBUTE, areaTakenOver, holdInteractionsUntilTakenOver } from './held-interactions';

/** What React does to the elements it takes over: its internal instance property on each. */
const takeOver = (element: Element) => {
  for (const each of [element, ...element.querySelectorAll('*')]) Object.assign(each, { __reactFiber$test: {} });
};

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
  };
}

describe('interactions in a remote area React has not taken over yet (issue 18)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('are held, then replayed once React has the element: the typed text first, then the click', () => {
    const { root, input, button } = page();
    const seen: string[] = [];
    root.addEventListener('click', () => seen.push('click'));
    root.addEventListener('input', () => seen.push(`input ${input.value}`));
    input.value = 'RR123456785LV';
    button.click();
    jest.advanceTimersByTime(500);
    expect(seen).toEqual([]); // held: React would have dropped it
    takeOver(root);
    jest.advanceTimersByTime(100);
    expect(seen).toEqual(['input RR123456785LV', 'click']);
    expect(input.value).toBe('RR123456785LV');
  });

  it('leaves alone what React has and what is outside a remote’s area', () => {
    const { root, area, button } = page();
    const seen: string[] = [];
    root.addEventListener('click', (event) => seen.push((event.target as Element).textContent ?? ''));
    (root.querySelector('#shell') as HTMLButtonElement).click();
    takeOver(area);
    button.click();
    expect(seen).toEqual(['Menu', 'Track']);
  });

  it('replays a held click at the latest after ten seconds, never losing it', () => {
    const { root, button } = page();
    const clicks = jest.fn();
    root.addEventListener('click', clicks);
    button.click();
    jest.advanceTimersByTime(9_000);
    expect(clicks).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1_100);
    expect(clicks).toHaveBeenCalledTimes(1);
    takeOver(root); // the form's submission the click made is let through too
    jest.advanceTimersByTime(100);
  });

  it('sends React the text typed before it took the area over, once it has', () => {
    const { root, area, input } = page();
    const typed = jest.fn();
    root.addEventListener('input', typed);
    input.value = 'LV-1050';
    areaTakenOver(area);
    expect(typed).not.toHaveBeenCalled(); // the field itself not taken over yet
    takeOver(input);
    jest.advanceTimersByTime(50);
    expect(typed).toHaveBeenCalledTimes(1);
  });
});
