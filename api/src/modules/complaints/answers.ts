import {
  ATTACHMENT_CONTENT_TYPES,
  COMPLAINANTS,
  COMPLAINT_FILE_FIELDS,
  COMPLAINT_SOURCES,
  COMPLAINT_STATUSES,
  COMPLAINT_TYPES,
  DAMAGE_TYPES,
  PROBLEM_TYPES,
  REFUND_DECISIONS,
} from '@portal/shared-contracts/complaints';
import { z } from 'zod';

// The complaints' answers as the API sends them (service.ts, attachments.ts, admin-routes.ts),
// for the route schemas. The screens keep their own types of these: only the API's.

const attachmentAnswer = z.object({
  '@id': z.string(),
  '@type': z.literal('ComplaintAttachment'),
  id: z.int(),
  field: z.enum(COMPLAINT_FILE_FIELDS),
  /** The complainant's name of the file. */
  fileName: z.string(),
  /** Detected from the content, never the one the browser claimed. */
  contentType: z.string(),
  /** Bytes. */
  size: z.int(),
});

/** A complaint as its complainant reads it (complaintResource). */
export const complaintAnswer = z.object({
  '@id': z.string(),
  '@type': z.literal('Complaint'),
  id: z.int(),
  /** CMP-<year>-<id padded>: what the complainant quotes. */
  submissionNumber: z.string().nullable(),
  type: z.enum(COMPLAINT_TYPES),
  problemType: z.enum(PROBLEM_TYPES).nullable(),
  complainant: z.enum(COMPLAINANTS),
  damageType: z.enum(DAMAGE_TYPES),
  shipmentNumber: z.string().nullable(),
  description: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  attachments: z.array(attachmentAnswer),
  createdAt: z.string(),
});

/** A complaint as the back office reads it (complaintAdminResource): every field the complainant gave. */
export const complaintAdminAnswer = complaintAnswer.extend({
  refundDecision: z.enum(REFUND_DECISIONS),
  source: z.enum(COMPLAINT_SOURCES),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  isCompany: z.boolean(),
  companyName: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  hasContract: z.boolean(),
  contractNumber: z.string().nullable(),
  shipmentValueCents: z.int().nullable(),
  refundIban: z.string(),
  comment: z.string().nullable(),
  /** As the complainant typed it: DD.MM.YYYY or YYYY-MM-DD. */
  discoveredOn: z.string().nullable(),
});

/** One row of the back office's queue (queueRowResource). */
export const queueRowAnswer = z.object({
  '@id': z.string(),
  '@type': z.literal('Complaint'),
  id: z.int(),
  submissionNumber: z.string().nullable(),
  type: z.enum(COMPLAINT_TYPES),
  fullName: z.string(),
  email: z.string(),
  shipmentNumber: z.string().nullable(),
  status: z.enum(COMPLAINT_STATUSES),
  refundDecision: z.enum(REFUND_DECISIONS),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});

/** The form's prefill: the caller's own order, by its key. */
export const complaintOrderAnswer = z.object({
  '@type': z.literal('ComplaintOrder'),
  orderKey: z.string(),
  /** The order's shipment numbers (given at payment), in line order: the form fills in the first. */
  shipmentNumbers: z.array(z.string()),
});

const binary = { schema: z.string().meta({ format: 'binary' }) };
const ATTACHMENT_MEDIA_TYPES = [...new Set(Object.values(ATTACHMENT_CONTENT_TYPES).flat())];

/** An attachment's bytes, in the media type detected when it was filed (one of the accepted ones). */
export const attachmentFileAnswer = {
  description: 'The file as it was filed, as a download with its name.',
  content: Object.fromEntries(ATTACHMENT_MEDIA_TYPES.map((mediaType) => [mediaType, binary])),
};
