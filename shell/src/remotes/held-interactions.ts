// What a visitor does in the gateway's markup before React has taken it over (issue 18): the page's
// code is evaluated in steps (bootstrap.tsx), then React takes the page over in slices, and a
// remote's area waits for the area's code, or a part the remote loads lazily inside it. React drops
// a click on markup it has not taken over, and text typed into a field stays in the page without
// reaching the screen's state. So clicks and form submissions there are held here and replayed
// once React has the element, in the order they were made, each after the text typed in its area
// (sent as the input events React listens to).

/** The attribute of the element around such an area (RemoteArea), naming it (`remoteAreaId`). */
export const AREA_ATTRIBUTE = 'data-remote-area';

/**
 * How React marks an element it has taken over (its internal instance property, named with this
 * prefix since React 17). Should a later React name it otherwise, a held click waits WAIT_LIMIT_MS
 * and is replayed then: later, never lost.
 */
const REACT_INSTANCE_PREFIX = '__reactFiber$';
const WAIT_LIMIT_MS = 10_000;
const POLL_MS = 25;

/** Fields whose typed text is replayed (a box ticked early stays as the markup had it). */
const TEXT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'password']);

const held: { target: Element; area: Element; since: number }[] = [];
/** The root holding the gateway's markup, and whether React has committed its first pass over it. */
let pageRoot: HTMLElement | null = null;
let pageIsTakenOver = false;
let pumping = false;
/** A held interaction being replayed: its events (the click, the submission it makes) go through. */
let replaying = false;
const replayedFields = new WeakSet<Element>();

/**
 * Holds clicks and submissions on what React has not taken over; installed as soon as the page's
 * code starts, before React takes the page over.
 */
export function holdInteractionsUntilTakenOver(root: HTMLElement): void {
  pageRoot = root;
  pageIsTakenOver = false;
  // Capture on the root, registered before React's own listeners there: these run first.
  root.addEventListener('click', hold, true);
  root.addEventListener('submit', hold, true);
}

/** The area's code has arrived and React has taken its markup over: the text typed there reaches it. */
export function areaTakenOver(area: Element | null): void {
  if (area) replayTypingIn(area, Date.now());
}

/**
 * React has committed its first pass over the page (PageTakenOver in App.tsx). Before that an
 * element may carry React's property (React claims the markup while it renders, in slices) without
 * React dispatching events to it yet.
 */
export function pageTakenOver(): void {
  pageIsTakenOver = true;
  if (pageRoot) replayTypingIn(pageRoot, Date.now());
}

/**
 * React dispatches events to the element: the page's first pass is committed and, inside a remote's
 * area, the element or one of its parents inside the area is React's (markup React did not write,
 * such as CMS HTML or a map's layers, sits in an element React did). Outside the remote areas the
 * page's commit is enough.
 */
function isTakenOver(element: Element, area: Element): boolean {
  if (!pageIsTakenOver) return false;
  if (area === pageRoot) return true;
  for (let node: Element | null = element; node && node !== area; node = node.parentElement)
    if (Object.keys(node).some((key) => key.startsWith(REACT_INSTANCE_PREFIX))) return true;
  return false;
}

function hold(event: Event): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const area = target.closest(`[${AREA_ATTRIBUTE}]`) ?? pageRoot;
  // Held also while earlier ones wait, so that they are replayed in the order they were made.
  if (!area || replaying || (isTakenOver(target, area) && held.length === 0)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held.push({ target, area, since: Date.now() });
  if (!pumping) pump();
}

/** Replays the held interactions in order, each once React has its element (or waited too long). */
function pump(): void {
  const next = held[0];
  if (!next) {
    pumping = false;
    return;
  }
  pumping = true;
  if (!next.target.isConnected) {
    // React drew that part afresh (the browser's locale differs from the markup's): nothing to replay on.
    held.shift();
    pump();
    return;
  }
  if (!isTakenOver(next.target, next.area) && Date.now() - next.since < WAIT_LIMIT_MS) {
    setTimeout(pump, POLL_MS);
    return;
  }
  held.shift();
  replayTypingIn(next.area, next.since);
  // The click once React has applied the text (it does after the input events, not during them).
  setTimeout(() => {
    replaying = true;
    try {
      if (next.target.isConnected) {
        if (next.target instanceof HTMLFormElement) next.target.requestSubmit();
        else if (next.target instanceof HTMLElement) next.target.click();
      }
    } finally {
      replaying = false;
    }
    pump();
  }, 0);
}

/** Sends React the text typed into the area's fields it has taken over; the others are waited for. */
function replayTypingIn(area: Element, since: number): void {
  const waiting: Element[] = [];
  for (const field of area.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && !TEXT_TYPES.has(field.type)) continue;
    if (replayedFields.has(field) || field.value === field.defaultValue) continue;
    if (!isTakenOver(field, field.closest(`[${AREA_ATTRIBUTE}]`) ?? area) && Date.now() - since < WAIT_LIMIT_MS) {
      waiting.push(field);
      continue;
    }
    replayedFields.add(field);
    replayTyping(field);
  }
  if (waiting.length > 0) setTimeout(() => replayTypingIn(area, since), POLL_MS);
}

/**
 * Tells React about text typed before it took the field over. React notices a change only against
 * the value it last saw, which it read from the page when it took over (the typed text already): so
 * the field is set back to the markup's value through React's view of it, the typed text is put back
 * past it (the prototype's setter), and the input event React listens to is sent.
 */
function replayTyping(field: HTMLInputElement | HTMLTextAreaElement): void {
  const typed = field.value;
  const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
