import { isValidS10, normaliseS10 } from '@portal/shared-contracts/s10';
import { z } from 'zod';
import type { Violation } from '../../http/problem';
import { apiErrorMap, formatPropertyPath, toViolations } from '../../http/violations';
import { isTrackingEventCode, TRACKING_EVENT_CODE_NAMES, type TrackingEventCodeName } from './event-codes';

/**
 * One scan event as the operator's sorting and delivery systems post it (issue 6). A batch is
 * checked row by row: the good rows are stored and each bad row is answered with its index and
 * violations, so one broken scanner line never costs the rest of the batch.
 */
export const MAX_BATCH_EVENTS = 1000;
const MAX_NOTE_LENGTH = 500;

const UNKNOWN_CODE_MESSAGE = `Unknown event code. Known codes: ${TRACKING_EVENT_CODE_NAMES.join(', ')}.`;

export const trackingEventInput = z
  .object({
    /** The sender system's own id of the event: a repeated id is the same event (idempotency). */
    eventId: z.string().trim().min(1).max(100),
    shipmentNumber: z
      .string()
      .max(40)
      .transform(normaliseS10)
      .superRefine((number, context) => {
        const check = isValidS10(number);
        if (!check.valid) context.addIssue({ code: 'custom', message: check.message, params: { code: 'INVALID_S10' } });
      }),
    code: z
      .string()
      .refine(isTrackingEventCode, { message: UNKNOWN_CODE_MESSAGE, params: { code: 'UNKNOWN_EVENT_CODE' } }),
    /** When the scan happened, with its offset: events arrive late and out of order. */
    occurredAt: z.iso.datetime({ offset: true }).transform((value) => new Date(value)),
    location: z
      .object({
        name: z.string().trim().min(1).max(200),
        countryCode: z
          .string()
          .regex(/^[A-Za-z]{2}$/)
          .transform((code) => code.toUpperCase()),
        /** A service location id (post office or parcel locker), when the scan happened at one. */
        serviceLocationId: z.string().max(100).optional(),
      })
      .strict(),
    note: z.string().trim().max(MAX_NOTE_LENGTH).optional(),
  })
  .strict();

export type TrackingEventInput = Omit<z.output<typeof trackingEventInput>, 'code'> & { code: TrackingEventCodeName };

export const trackingBatchInput = z.object({ events: z.array(z.unknown()).min(1).max(MAX_BATCH_EVENTS) }).strict();

export interface RejectedRow {
  index: number;
  violations: Violation[];
}

export interface SplitBatch {
  accepted: { index: number; event: TrackingEventInput }[];
  rejected: RejectedRow[];
}

/** Checks each row of a batch on its own; property paths name the row (`events[3].occurredAt`). */
export function splitBatch(rows: readonly unknown[]): SplitBatch {
  const batch: SplitBatch = { accepted: [], rejected: [] };
  rows.forEach((row, index) => {
    const result = trackingEventInput.safeParse(row, { error: apiErrorMap });
    if (result.success) {
      batch.accepted.push({ index, event: result.data as TrackingEventInput });
      return;
    }
    const violations = toViolations(result.error).map((violation) => ({
      ...violation,
      propertyPath:
        formatPropertyPath(['events', index]) + (violation.propertyPath ? `.${violation.propertyPath}` : ''),
    }));
    batch.rejected.push({ index, violations });
  });
  return batch;
}
