import { AREA_ATTRIBUTE, areaTakenOver, holdInteractionsUntilTakenOver, pageTakenOver } from './held-interactions';

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

describe('interactions in markup React has not taken over yet (issue 18)', () => {
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
    expect(seen).toEqual([]); // React has claimed the markup but not committed its first pass
    pageTakenOver();
    jest.advanceTimersByTime(100);
    expect(seen).toEqual(['input RR123456785LV', 'click']);
    expect(input.value).toBe('RR123456785LV');
  });

  it('holds a click outside the remote areas until React has committed the page, then leaves alone what it has', () => {
    const { root, area, button } = page();
    const seen: string[] = [];
    root.addEventListener('click', (event) => seen.push((event.target as Element).textContent ?? ''));
    const shellButton = root.querySelector('#shell') as HTMLButtonElement;
    shellButton.click();
    jest.advanceTimersByTime(100);
    expect(seen).toEqual([]);
    takeOver(shellButton);
    pageTakenOver();
    jest.advanceTimersByTime(100);
    expect(seen).toEqual(['Menu']);
    takeOver(area);
    button.click();
    shellButton.click();
    expect(seen).toEqual(['Menu', 'Track', 'Menu']);
  });

  it('lets a click on markup React did not write through once the element around it is React’s', () => {
    const { root, area } = page();
    area.insertAdjacentHTML('beforeend', '<div class="cms"><a href="/terms">Terms</a></div>');
    root.insertAdjacentHTML('beforeend', '<div class="cms"><a href="/faq">FAQ</a></div>');
    const seen: string[] = [];
    root.addEventListener('click', (event) => seen.push((event.target as Element).textContent ?? ''));
    pageTakenOver();
    (root.querySelector('a[href="/faq"]') as HTMLElement).click(); // outside the areas: the page is React's
    const terms = area.querySelector('a') as HTMLElement;
    terms.click(); // held: the area's markup is not React's yet
    expect(seen).toEqual(['FAQ']);
    Object.assign(terms.parentElement as Element, { __reactFiber$test: {} });
    jest.advanceTimersByTime(100);
    expect(seen).toEqual(['FAQ', 'Terms']);
  });

  it('drops a held click on markup React has replaced (drawn afresh), and holds none after it', () => {
    const { root, button } = page();
    const clicks = jest.fn();
    root.addEventListener('click', clicks);
    button.click();
    root.innerHTML = '<button id="fresh">Track</button>';
    const fresh = root.querySelector('#fresh') as HTMLButtonElement;
    takeOver(root);
    pageTakenOver();
    jest.advanceTimersByTime(100);
    expect(clicks).not.toHaveBeenCalled();
    fresh.click();
    expect(clicks).toHaveBeenCalledTimes(1);
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
    pageTakenOver();
    jest.advanceTimersByTime(100);
  });

  it('sends React the text typed before it took the area over, once it has', () => {
    const { root, area, input } = page();
    const typed = jest.fn();
    root.addEventListener('input', typed);
    input.value = 'LV-1050';
    pageTakenOver();
    areaTakenOver(area);
    expect(typed).not.toHaveBeenCalled(); // the field itself not taken over yet
    takeOver(input);
    jest.advanceTimersByTime(50);
    expect(typed).toHaveBeenCalledTimes(1);
  });
});
