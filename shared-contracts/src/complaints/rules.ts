import { parseDate } from '../format/dates';
import { parseMoneyToCents } from '../format/money';
import { isValidIban } from '../orders/party-rules';
import { emailProblem } from '../people/person-rules';
import { isBlank, type RuleViolation, violation } from '../rules/violations';

// SPEC §3 Complaint and §5 Complaint/Uploads: the one place these rules are written; the API
// validates with them and the complaint form shows the same messages beside the same fields.

export const COMPLAINT_TYPES = [
  'damaged_shipment',
  'quality_of_service',
  'shipment_delivery',
  'digital_solutions_and_equipment',
  'return_shipping_fee',
  'the_other',
] as const;
export const COMPLAINANTS = ['sender', 'recipient'] as const;
export const DAMAGE_TYPES = ['damaged_packaging', 'damaged_content', 'other'] as const;
export const PROBLEM_TYPES = [
  'delayed_delivery',
  'lost',
  'returned_shipment',
  'delivered_to_another',
  'missing_content_of_shipment',
  'other',
] as const;
export const COMPLAINT_SOURCES = ['web', 'parcelMachine', 'app', 'other'] as const;

export type ComplaintType = (typeof COMPLAINT_TYPES)[number];
export type Complainant = (typeof COMPLAINANTS)[number];
export type DamageType = (typeof DAMAGE_TYPES)[number];
export type ProblemType = (typeof PROBLEM_TYPES)[number];
export type ComplaintSource = (typeof COMPLAINT_SOURCES)[number];

/** SPEC §5 "description length limited": long enough for a full account, short enough to read. */
export const MAX_COMPLAINT_DESCRIPTION = 2000;
/** Free-text fields other than the description. */
export const MAX_COMPLAINT_TEXT = 255;
/** SPEC §5: a company registration number has exactly 11 characters. */
export const REGISTRATION_NUMBER_LENGTH = 11;

/** SPEC §5 Uploads: the accepted attachment types and the size limit. */
export const COMPLAINT_ATTACHMENT_EXTENSIONS = [
  'doc',
  'docx',
  'png',
  'pdf',
  'xlsx',
  'edoc',
  'jpg',
  'jpeg',
  'heic',
  'webp',
] as const;
export const MAX_ATTACHMENT_BYTES = 30 * 1024 * 1024;
/** The post's answer to a complaint (back office): a full reply, still one screen of e-mail. */
export const MAX_COMPLAINT_ANSWER = 5000;

export const COMPLAINT_MESSAGES = {
  blank: 'This value should not be blank.',
  choice: 'The value you selected is not a valid choice.',
  registrationNumber: 'The registration number must have exactly 11 characters.',
  date: 'Enter a valid date (DD.MM.YYYY).',
  futureDate: 'The date cannot be in the future.',
  shipmentValue: 'The shipment value must be a number.',
  descriptionTooLong: 'The description can have at most {limit} characters.',
  textTooLong: 'This value can have at most {limit} characters.',
  iban: 'Enter a valid bank account (IBAN).',
  email: 'This value is not a valid email address.',
  attachmentType: 'This file type is not accepted: attach doc, docx, png, pdf, xlsx, eDoc, jpg, jpeg, heic or webp.',
  attachmentSize: 'The file is too large: the limit is 30 MB.',
  attachmentContent:
    "The file's content does not match its type: attach a real doc, docx, png, pdf, xlsx, eDoc, jpg, jpeg, heic or webp file.",
  attachmentEmpty: 'The file is empty.',
  attachmentCount: 'You can attach at most 5 files.',
  answerTooLong: 'The answer can have at most 5000 characters.',
  alreadyAnswered: 'This complaint has already been answered.',
} as const;

export const COMPLAINT_CODES = {
  blank: 'complaint.blank',
  choice: 'complaint.choice',
  registrationNumber: 'complaint.registration_number',
  date: 'complaint.date',
  futureDate: 'complaint.future_date',
  shipmentValue: 'complaint.shipment_value',
  descriptionTooLong: 'complaint.description_too_long',
  textTooLong: 'complaint.text_too_long',
  iban: 'complaint.iban',
  email: 'complaint.email',
  attachmentType: 'complaint.attachment_type',
  attachmentSize: 'complaint.attachment_size',
  attachmentContent: 'complaint.attachment_content',
  attachmentEmpty: 'complaint.attachment_empty',
  attachmentCount: 'complaint.attachment_count',
  answerTooLong: 'complaint.answer_too_long',
  alreadyAnswered: 'complaint.already_answered',
} as const;

/** What the form sends (all strings as typed; optional ones may be missing or empty). */
export interface ComplaintInput {
  type?: string | null;
  problemType?: string | null;
  source?: string | null;
  fullName?: string | null;
  email?: string | null;
  phone?: string | null;
  isCompany?: boolean | null;
  companyName?: string | null;
  registrationNumber?: string | null;
  shipmentNumber?: string | null;
  complainant?: string | null;
  hasContract?: boolean | null;
  contractNumber?: string | null;
  damageType?: string | null;
  description?: string | null;
  shipmentValue?: string | null;
  refundIban?: string | null;
  comment?: string | null;
  /** DD.MM.YYYY or YYYY-MM-DD. */
  discoveredOn?: string | null;
  orderId?: number | null;
}

const choiceOf = (list: readonly string[], value: string | null | undefined) => value != null && list.includes(value);

/**
 * Every violation of a complaint; `today` is the caller's calendar date (YYYY-MM-DD) so that "not in
 * the future" is tested against one clock on both sides.
 */
export function complaintViolations(input: ComplaintInput, today: string): RuleViolation[] {
  const found: RuleViolation[] = [];
  const required = (field: keyof ComplaintInput) => {
    const value = input[field];
    if (typeof value !== 'string' || isBlank(value)) {
      found.push(violation(field, COMPLAINT_MESSAGES.blank, COMPLAINT_CODES.blank));
      return false;
    }
    return true;
  };
  const choice = (field: keyof ComplaintInput, list: readonly string[], needed: boolean) => {
    const value = input[field] as string | null | undefined;
    if (isBlank(value)) {
      if (needed) found.push(violation(field, COMPLAINT_MESSAGES.blank, COMPLAINT_CODES.blank));
    } else if (!choiceOf(list, value)) {
      found.push(violation(field, COMPLAINT_MESSAGES.choice, COMPLAINT_CODES.choice));
    }
  };
  const limit = (field: keyof ComplaintInput, max: number) => {
    const value = input[field];
    if (typeof value === 'string' && value.length > max) {
      found.push(violation(field, COMPLAINT_MESSAGES.textTooLong, COMPLAINT_CODES.textTooLong, { limit: max }));
    }
  };

  choice('type', COMPLAINT_TYPES, true);
  choice('problemType', PROBLEM_TYPES, false);
  choice('source', COMPLAINT_SOURCES, false);
  choice('complainant', COMPLAINANTS, true);
  choice('damageType', DAMAGE_TYPES, true);

  required('fullName');
  for (const field of ['fullName', 'phone', 'shipmentNumber', 'contractNumber', 'comment'] as const) {
    limit(field, MAX_COMPLAINT_TEXT);
  }
  if (required('email')) {
    const problem = emailProblem(input.email as string);
    if (problem) found.push(violation('email', COMPLAINT_MESSAGES.email, COMPLAINT_CODES.email));
  }

  if (input.isCompany) {
    if (required('companyName')) limit('companyName', MAX_COMPLAINT_TEXT);
    if (required('registrationNumber') && input.registrationNumber?.trim().length !== REGISTRATION_NUMBER_LENGTH) {
      found.push(
        violation('registrationNumber', COMPLAINT_MESSAGES.registrationNumber, COMPLAINT_CODES.registrationNumber),
      );
    }
  }
  if (input.hasContract) required('contractNumber');

  if (required('description') && (input.description as string).length > MAX_COMPLAINT_DESCRIPTION) {
    found.push(
      violation('description', COMPLAINT_MESSAGES.descriptionTooLong, COMPLAINT_CODES.descriptionTooLong, {
        limit: MAX_COMPLAINT_DESCRIPTION,
      }),
    );
  }

  if (required('refundIban') && !isValidIban(input.refundIban as string)) {
    found.push(violation('refundIban', COMPLAINT_MESSAGES.iban, COMPLAINT_CODES.iban));
  }

  if (!isBlank(input.shipmentValue) && shipmentValueCents(input.shipmentValue as string) === null) {
    found.push(violation('shipmentValue', COMPLAINT_MESSAGES.shipmentValue, COMPLAINT_CODES.shipmentValue));
  }

  if (!isBlank(input.discoveredOn)) {
    const date = parseDate(input.discoveredOn as string);
    if (!date) {
      found.push(violation('discoveredOn', COMPLAINT_MESSAGES.date, COMPLAINT_CODES.date));
    } else if (isoDate(date) > today) {
      found.push(violation('discoveredOn', COMPLAINT_MESSAGES.futureDate, COMPLAINT_CODES.futureDate));
    }
  }
  return found;
}

/** The shipment value in integer cents, or null when it is not a non-negative number. */
export function shipmentValueCents(value: string): number | null {
  const cents = parseMoneyToCents(value);
  return cents === null || cents < 0 ? null : cents;
}

function isoDate(date: { year: number; month: number; day: number }): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/** Is the file name's extension one SPEC §5 accepts? (The API checks the content too.) */
export function hasAcceptedAttachmentExtension(fileName: string): boolean {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  return fileName.includes('.') && (COMPLAINT_ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension);
}

/** The back office's answer to a complaint: not blank, at most MAX_COMPLAINT_ANSWER characters. */
export function complaintAnswerViolations(answer: string | null | undefined): RuleViolation[] {
  if (isBlank(answer)) return [violation('answer', COMPLAINT_MESSAGES.blank, COMPLAINT_CODES.blank)];
  if ((answer as string).trim().length > MAX_COMPLAINT_ANSWER) {
    return [violation('answer', COMPLAINT_MESSAGES.answerTooLong, COMPLAINT_CODES.answerTooLong)];
  }
  return [];
}
