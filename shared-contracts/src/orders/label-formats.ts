/**
 * Formats of the shipping label (issue 5 §5, issue 20 item 4): a PDF with one A6 label per page, a
 * PDF with four A6 labels per A4 page, or ZPL II for 100 × 150 mm (4 × 6 in) thermal printers.
 * Chosen per download (`?format=`) and stored as an account's default (`labelFormat`).
 */
export const LABEL_FORMATS = ['A6', 'A4', 'zpl'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** What an account without a choice of its own gets. */
export const DEFAULT_LABEL_FORMAT: LabelFormat = 'A6';

export const isLabelFormat = (value: unknown): value is LabelFormat =>
  typeof value === 'string' && (LABEL_FORMATS as readonly string[]).includes(value);

/** The formats in the order a download menu offers them: the account's default first. */
export function labelFormatsDefaultFirst(preferred: LabelFormat | null | undefined): LabelFormat[] {
  const first = preferred ?? DEFAULT_LABEL_FORMAT;
  return [first, ...LABEL_FORMATS.filter((format) => format !== first)];
}
