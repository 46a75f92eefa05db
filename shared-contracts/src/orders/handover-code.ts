// Printer-free hand-over (issue 20 item 5): a paid order's code that a parcel locker or post office
// counter scans to print the labels there. The answer the order's owner reads, the body the
// counter's machine client sends, and the codes of its refusals, shared by the API and the screens.
import * as z from 'zod/mini';

/** The OAuth scope of the counters' and lockers' machine clients that redeem codes. */
export const HANDOVER_REDEEM_SCOPE = 'handover:redeem';

/** Why a code was refused (the violation's `code`): the counter's screen shows its own text for each. */
export const HANDOVER_REFUSALS = {
  /** Not a code of this portal (forged, mistyped) or no longer on file: 404. */
  unknown: 'HANDOVER_UNKNOWN',
  /** Past its validity: 410. */
  expired: 'HANDOVER_EXPIRED',
  /** Printed already: single use, 409. */
  used: 'HANDOVER_USED',
  /** The order has nothing left to print (cancelled, refunded): 409. */
  notPrintable: 'HANDOVER_NOT_PRINTABLE',
} as const;

/** GET {order @id}/handover: the owner's code, its QR picture and whether a counter printed it. */
export const handoverCodeSchema = z.object({
  '@type': z.literal('HandoverCode'),
  /** What the QR carries: opaque and signed, it names nothing but the hand-over record. */
  code: z.string(),
  /** The QR picture (SVG; `?format=png` for PNG), a path of the same API. */
  qr: z.string(),
  expiresAt: z.string(),
  /** When a counter or locker printed the labels (single use); null: not yet. */
  redeemedAt: z.nullable(z.string()),
});
export type HandoverCode = z.infer<typeof handoverCodeSchema>;

/** POST /api/handover/redeem body: the scanned text as it is. */
export const handoverRedeemSchema = z.object({ code: z.string().check(z.minLength(1), z.maxLength(200)) });
export type HandoverRedeem = z.infer<typeof handoverRedeemSchema>;
