import { nextTask } from '../browser/next-task';

// What a visitor does in the gateway's markup before React has taken it over (issues 18 and 41):
// the page's code is evaluated in steps (bootstrap.tsx), then React takes the page over in slices,
// and a remote's area waits for the area's code. React drops a click on markup it has not taken
// over, and text typed into a field stays in the page without reaching the screen's state. So
// clicks and form submissions there are held in a queue the shell owns and replayed, in the order
// they were made, each after the text typed in its area (sent as the input events React listens to).
//
// When to replay is told by React's commits, never read from React's private fields (issue 41: a
// field React sets while it is still rendering, in slices, let a click through that React then
// dropped): the page's first commit (PageTakenOver in App.tsx) and, for a remote's area, the commit
// of the area's content with its remote's module (TakenOver in RemoteArea.tsx), both from effects,
// which run only once React dispatches events to what it committed; an area then settles (see
// isReady) before what was done there is replayed.

/** The attribute of the element around such an area (RemoteArea), naming it (`remoteAreaId`). */
export const AREA_ATTRIBUTE = 'data-remote-area';

/**
 * A held interaction whose area never tells (a remote that never answers) is replayed then: later,
 * not lost; one React still stops then (below) is given up.
 */
const WAIT_LIMIT_MS = 10_000;
/** Where the browser has no idle callbacks: a replay React stopped is tried again this much later. */
const RETRY_MS = 50;

/** Fields whose typed text is replayed (a box ticked early stays as the markup had it). */
const TEXT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'password']);

interface Held {
  target: Element;
  area: Element;
  since: number;
  /** Its place among the visitor's interactions and focus moves (HeldPage.count). */
  order: number;
  /** Waited WAIT_LIMIT_MS: replayed whatever its area says. */
  overdue: boolean;
}

/** The page whose markup is held, from the shell's first script until it is taken over. */
interface HeldPage {
  root: HTMLElement;
  /** React has committed its first pass over the page. */
  takenOver: boolean;
  /** The remote areas whose content React has committed with their remote's module (or their fallback). */
  areas: WeakSet<Element>;
  queue: Held[];
  /** The queue is being replayed (one interaction at a time, in order). */
  replaying: boolean;
  /** The timer that replays the queue's first interaction once it has waited WAIT_LIMIT_MS. */
  deadline: ReturnType<typeof setTimeout> | null;
  /** The next try after React stopped a replay is scheduled. */
  retrying: boolean;
  /** Since when React has stopped the text typed into a field (tried again until WAIT_LIMIT_MS). */
  typingStoppedSince: number | null;
  /**
   * The text last typed into each field React had not taken over, to be sent to React once it has:
   * kept aside, since a render of the field after React has taken it over puts the screen's state
   * (the markup's value) back into it.
   */
  typed: Map<TextField, string>;
  /** Fields React has taken over (a probe went through): it sees what is typed there itself. */
  reactFields: WeakSet<Element>;
  /** The areas React has taken over with all their code once: ready for good. */
  readyAreas: WeakSet<Element>;
  /** Taken over, not known to be ready for good yet (settleAreas). */
  settling: Element[];
  /** The scripts of the page's markup (the others are the code it loads as it goes). */
  markupScripts: WeakSet<HTMLScriptElement>;
  /** Counts the visitor's held interactions and focus moves, to tell which came first. */
  count: number;
  /** Where the visitor last put the focus, and when (in `count`). */
  lastFocus: { element: Element; order: number } | null;
}

let page: HeldPage | null = null;
/**
 * Set while a replayed event is dispatched: its events (the click, the submission it makes) go
 * through, and whether React stopped it. React stops an event on a part it has not hydrated yet
 * (a remote's lazily loaded part whose code has not come: the area's own commit does not wait for
 * it) without handling it, before it reaches the element; such a replay is tried again.
 */
let dispatch: { stopped: boolean } | null = null;

/**
 * Holds clicks and submissions on what React has not taken over; installed as soon as the shell's
 * first script runs (index.ts), before anything else of the page's code.
 */
export function holdInteractionsUntilTakenOver(root: HTMLElement): void {
  if (page?.deadline) clearTimeout(page.deadline);
  page = {
    root,
    takenOver: false,
    areas: new WeakSet(),
    queue: [],
    replaying: false,
    deadline: null,
    retrying: false,
    typingStoppedSince: null,
    typed: new Map(),
    reactFields: new WeakSet(),
    readyAreas: new WeakSet(),
    settling: [],
    markupScripts: new WeakSet(document.scripts),
    count: 0,
    lastFocus: null,
  };
  // Text typed before this script ran.
  for (const field of root.querySelectorAll('input, textarea'))
    if (isTextField(field) && field.value !== field.defaultValue) page.typed.set(field, field.value);
  // Capture on the root, registered before React's own listeners there: these run first.
  root.addEventListener('click', hold, true);
  root.addEventListener('submit', hold, true);
  root.addEventListener('input', noteTyped, true);
  root.addEventListener('focusin', noteFocus, true);
}

/** Where the visitor has gone since a held click (not where a replayed one moved the focus). */
function noteFocus(event: Event): void {
  if (!page || dispatch || !(event.target instanceof Element)) return;
  page.lastFocus = { element: event.target, order: ++page.count };
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

function isTextField(element: EventTarget | null): element is TextField {
  return (
    element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && TEXT_TYPES.has(element.type))
  );
}

/** Keeps the text typed into a field React may not have yet (where it has, it sees the typing itself). */
function noteTyped(event: Event): void {
  const field = event.target;
  if (!page || dispatch || !isTextField(field) || page.reactFields.has(field)) return;
  if (isReady(page, areaOf(page, field)) && !page.typed.has(field)) return;
  page.typed.set(field, field.value);
  if (page.takenOver) tryAgainLater(page);
}

/** Text typed in the area that React has not been sent yet: a click there waits for it. */
function hasTypingFor(held: HeldPage, area: Element): boolean {
  return [...held.typed.keys()].some((field) => areaOf(held, field) === area);
}

/**
 * React has committed its first pass over the page (PageTakenOver in App.tsx): it dispatches events
 * to everything outside the remote areas still waiting for their code. The text typed there reaches it.
 */
export function pageTakenOver(): void {
  if (!page || page.takenOver) return;
  page.takenOver = true;
  // Registered after React's own listeners on the root (hydrateRoot adds them): these run after them.
  for (const type of ['click', 'submit', 'input']) page.root.addEventListener(type, noteStopped, true);
  catchUp(page);
}

/**
 * React has committed a remote area's content with the remote's module, or the area's fallback when
 * the remote failed (RemoteArea.tsx): the text typed there reaches it, and what was held there is replayed.
 */
export function areaTakenOver(area: Element | null): void {
  if (!page || !area) return;
  page.areas.add(area);
  page.settling.push(area);
  tryAgainLater(page);
  catchUp(page);
}

/** The text typed where React has taken over reaches it, then the held interactions due are replayed. */
function catchUp(held: HeldPage): void {
  if (replayTypingIn(held, held.root)) held.typingStoppedSince = null;
  else {
    held.typingStoppedSince ??= Date.now();
    if (Date.now() - held.typingStoppedSince < WAIT_LIMIT_MS) tryAgainLater(held);
  }
  void replayHeld(held);
}

/** The area whose commit an element waits for: the remote area around it, or the page. */
function areaOf(held: HeldPage, element: Element): Element {
  return element.closest(`[${AREA_ATTRIBUTE}]`) ?? held.root;
}

function isTakenOver(held: HeldPage, area: Element): boolean {
  return held.takenOver && (area === held.root || held.areas.has(area));
}

function hold(event: Event): void {
  const target = event.target;
  if (!page || dispatch || !(target instanceof Element) || !page.root.contains(target)) return;
  const area = areaOf(page, target);
  // Held also while earlier ones wait, so that they are replayed in the order they were made.
  if (isReady(page, area) && page.queue.length === 0 && !hasTypingFor(page, area)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  page.queue.push({ target, area, since: Date.now(), order: ++page.count, overdue: false });
  waitForTheFirst(page);
}

/** Replays the queue from its start for as long as React has the area of the next one. */
async function replayHeld(held: HeldPage): Promise<void> {
  if (held.replaying) return;
  held.replaying = true;
  try {
    for (let next = held.queue[0]; next && isDue(held, next); next = held.queue[0]) {
      // Not connected: React drew that part afresh (the browser's locale differs from the markup's).
      if (next.target.isConnected && !(await replay(held, next)) && !next.overdue) {
        tryAgainLater(held);
        break;
      }
      // Only now out of the queue: a click made meanwhile waits behind this one.
      held.queue.shift();
      stopWaiting(held);
    }
  } finally {
    held.replaying = false;
  }
  const first = held.queue[0];
  // Committed, its code still loading: tried again.
  if (first && isTakenOver(held, first.area)) tryAgainLater(held);
  waitForTheFirst(held);
}

function isDue(held: HeldPage, interaction: Held): boolean {
  return interaction.overdue || isReady(held, interaction.area) || !interaction.target.isConnected;
}

/**
 * React dispatches events to the area's content: the page's parts once it has committed the page
 * (they come with the shell's code), a remote's area once it has settled (settleAreas). An area is
 * committed before the parts its remote loads lazily inside it (the form of mf-calculator's page,
 * the steps of the order wizard); while such a part's code loads, and while React draws it in
 * slices once it has come, an event sent to the part is neither handled nor stopped: lost.
 */
function isReady(held: HeldPage, area: Element): boolean {
  return area === held.root ? held.takenOver : held.readyAreas.has(area);
}

/**
 * Once the browser is idle with no code on its way after an area was committed, React has drawn
 * all of it (a part whose code arrives is drawn in tasks that keep the browser busy, and asks for
 * the code of its own parts as it is drawn): from then on what React draws there is drawn in the
 * browser, never markup waiting for its code, and later code loading holds nothing there.
 */
function settleAreas(held: HeldPage): void {
  if (held.settling.length === 0 || !held.takenOver || codeIsLoading(held)) return;
  for (const area of held.settling) held.readyAreas.add(area);
  held.settling = [];
}

/**
 * A script the page's code has added and the browser has not run yet: the bundler's chunk loading
 * and the federation runtime remove each script element they add once it has run.
 */
function codeIsLoading(held: HeldPage): boolean {
  return [...document.scripts].some((script) => script.src && !held.markupScripts.has(script));
}

/** After WAIT_LIMIT_MS the first held interaction is replayed whatever its area says, then the rest as they can be. */
function waitForTheFirst(held: HeldPage): void {
  const first = held.queue[0];
  if (!first || held.deadline) return;
  held.deadline = setTimeout(
    () => {
      held.deadline = null;
      first.overdue = true;
      void replayHeld(held);
    },
    Math.max(0, first.since + WAIT_LIMIT_MS - Date.now()),
  );
}

function stopWaiting(held: HeldPage): void {
  if (held.deadline) clearTimeout(held.deadline);
  held.deadline = null;
}

/**
 * The next try once the browser is idle: never between two slices of a render React has in progress
 * (it goes on in tasks of its own), where an element React is taking over already looks like its
 * own but an event sent to it is lost (issue 41).
 */
function tryAgainLater(held: HeldPage): void {
  if (held.retrying) return;
  held.retrying = true;
  const retry = () => {
    held.retrying = false;
    if (page !== held) return;
    settleAreas(held);
    if (held.settling.length > 0) tryAgainLater(held);
    catchUp(held);
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(retry);
  else setTimeout(retry, RETRY_MS);
}

/**
 * The text typed in its area first (the input events React listens to), then, in a task of its
 * own, the click or the submission: React applies the text after the input events, not during them.
 * Whether React took them all (false: it stopped one, and the rest waits).
 */
async function replay(held: HeldPage, { target, area, order }: Held): Promise<boolean> {
  if (!delivered(() => probe(target)) || !replayTypingIn(held, area)) return false;
  await nextTask();
  if (!target.isConnected) return true;
  const taken = delivered(() => {
    if (target instanceof HTMLFormElement) target.requestSubmit();
    else if (target instanceof HTMLElement) target.click();
  });
  keepFocusWhereTheVisitorWent(held, order);
  return taken;
}

/**
 * A click on a label focuses its control (a radio of the calculator's letter/parcel choice): replayed
 * after the visitor has moved on into another field, it would take the focus from there, and a list
 * that field had opened (the calculator's countries) would close under the visitor's typing. The
 * focus goes back to where the visitor went after the click they made.
 */
function keepFocusWhereTheVisitorWent(held: HeldPage, clickOrder: number): void {
  const visitorIsAt = held.lastFocus;
  if (!visitorIsAt || visitorIsAt.order < clickOrder || !visitorIsAt.element.isConnected) return;
  if (document.activeElement === visitorIsAt.element || !(visitorIsAt.element instanceof HTMLElement)) return;
  // Not noted as the visitor's own move (dispatch), and announced to React's onFocus like theirs.
  delivered(() => (visitorIsAt.element as HTMLElement).focus({ preventScroll: true }));
}

/**
 * An event React takes over the element for, and nothing else: an `input` event that does not
 * bubble reaches React's listener on the root (capture) but no handler of the page's (React sends
 * `onChange` from its listener for the way back up). On a part React has not hydrated yet it
 * hydrates it at once when the part's code is there, else stops the event.
 */
function probe(element: Element): void {
  element.dispatchEvent(new Event('input', { bubbles: false }));
}

/** Dispatches a replayed event; whether React took it. */
function delivered(send: () => void): boolean {
  const attempt = { stopped: false };
  dispatch = attempt;
  try {
    send();
  } finally {
    dispatch = null;
  }
  return !attempt.stopped;
}

/**
 * On the root after React's listeners: a replayed event React has stopped (`cancelBubble`, the
 * DOM's own flag) is one it has not handled; nor may the browser act on it (follow a link, send a form).
 */
function noteStopped(event: Event): void {
  if (!dispatch || !event.cancelBubble) return;
  dispatch.stopped = true;
  event.preventDefault();
}

/**
 * Sends React the text typed into the area's fields it has taken over (those in areas still waiting
 * wait); whether React took all of it.
 */
function replayTypingIn(held: HeldPage, area: Element): boolean {
  let all = true;
  for (const [field, text] of held.typed) {
    if (!field.isConnected || text === field.defaultValue) held.typed.delete(field);
    if (!held.typed.has(field) || !area.contains(field) || !isTakenOver(held, areaOf(held, field))) continue;
    if (!isReady(held, areaOf(held, field))) {
      all = false;
      continue;
    }
    // React takes the field over first (the probe): the value it then notes as the field's is the
    // typed text, against which the text sent afterwards would be no change.
    if (!delivered(() => probe(field))) {
      all = false;
      continue;
    }
    held.reactFields.add(field);
    held.typed.delete(field);
    replayTyping(field, text);
  }
  return all;
}

/**
 * Tells React about text typed before it took the field over. React notices a change only against
 * the value it last saw (the markup's, or the typed text when it read the page): so the field is set
 * back to the markup's value through React's view of it, the typed text is put in past it (the
 * prototype's setter), and the input event React listens to is sent.
 */
function replayTyping(field: TextField, typed: string): void {
  const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
