import { FINISH_SELECTION_MESSAGE, type Violation } from '@portal/shared-contracts';

/** `orderLines.0.receiver.phone` and `orderLines[0].receiver.phone` name the same field. */
export function normalisePath(path: string): string {
  return path.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
}

/** The violations of one field path; also those of its children when `withChildren` (a whole party). */
export function violationsAt(violations: readonly Violation[], path: string, withChildren = false): Violation[] {
  const wanted = normalisePath(path);
  return violations.filter((violation) => {
    const at = normalisePath(violation.propertyPath);
    return at === wanted || (withChildren && (at.startsWith(`${wanted}.`) || at.startsWith(`${wanted}[`)));
  });
}

/** The messages for one field path (see `violationsAt`). */
export function messagesFor(violations: readonly Violation[], path: string, withChildren = false): string[] {
  return violationsAt(violations, path, withChildren).map((violation) => violation.message);
}

/**
 * A violation's message in the interface language: messages are translated by their English
 * text, and a message with parameters by its template (`… {diff} kg less …`), then filled in.
 */
export function translateViolation(violation: Violation, translate: (message: string) => string): string {
  if (!violation.messageTemplate || !violation.parameters) return translate(violation.message);
  const parameters = violation.parameters;
  return translate(violation.messageTemplate).replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in parameters ? String(parameters[name]) : whole,
  );
}

/**
 * Violations no field of the given step shows (so the step lists them above its buttons rather
 * than losing them): everything not under one of `shownPaths`.
 */
export function unplacedViolations(violations: readonly Violation[], shownPaths: readonly string[]): Violation[] {
  const shown = new Set(shownPaths.map(normalisePath));
  return violations.filter((violation) => !shown.has(normalisePath(violation.propertyPath)));
}

export { FINISH_SELECTION_MESSAGE };

/**
 * The client's own refusal of a hand-over place that must be chosen (a parcel locker) and is not:
 * a key of this remote's catalogue (`errors.chooseLocation`), like FINISH_SELECTION_MESSAGE, shown
 * beside the chooser (issue 40: Next did nothing visible).
 */
export const CHOOSE_LOCATION_MESSAGE = 'chooseLocation';

/** The messages that are keys of this remote's `errors` catalogue rather than the API's English. */
export const CLIENT_MESSAGE_KEYS: ReadonlySet<string> = new Set([FINISH_SELECTION_MESSAGE, CHOOSE_LOCATION_MESSAGE]);
