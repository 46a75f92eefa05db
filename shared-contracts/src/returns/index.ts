// `@portal/shared-contracts/returns`: prepaid returns (issue 40 item 1), the rules the API and the
// returns page share. A company account makes a return label from one of its paid shipments, or a
// return code its customer redeems on the public returns page with a reason and a drop-off.

/** Why the customer sends the goods back. */
export const RETURN_REASONS = ['notSuitable', 'damaged', 'wrongItem', 'changedMind', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** Where the customer hands the return over. */
export const RETURN_DROP_OFFS = ['parcelLocker', 'postOffice'] as const;
export type ReturnDropOff = (typeof RETURN_DROP_OFFS)[number];

/**
 * A return: a code waits for its customer (`codeIssued`), the customer started it and is to pay
 * its postage first (`awaitingPayment`: no S10 number, no label yet), a label was made
 * (`labelIssued`: the return has its S10 number, paid by the shop on account or by the customer).
 */
export const RETURN_STATUSES = ['codeIssued', 'awaitingPayment', 'labelIssued'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Who pays the return's postage: the shop, on its account, or the customer, by card before the label. */
export const RETURN_PAYERS = ['shopOnAccount', 'customer'] as const;
export type ReturnPayer = (typeof RETURN_PAYERS)[number];

/**
 * A company account's choice (its settings) for returns its customers start on /returns with the
 * order number and e-mail: not at all (`off`: only the return codes and labels the shop makes),
 * the shop pays (`shopPays`, on account: the default), or the customer pays before the label.
 */
export const CUSTOMER_RETURN_MODES = ['off', 'shopPays', 'customerPays'] as const;
export type CustomerReturnMode = (typeof CUSTOMER_RETURN_MODES)[number];
export const DEFAULT_CUSTOMER_RETURN_MODE: CustomerReturnMode = 'shopPays';
export const isCustomerReturnMode = (value: unknown): value is CustomerReturnMode =>
  (CUSTOMER_RETURN_MODES as readonly unknown[]).includes(value);

/** A return code as printed for the customer: `RET-` and 8 characters without look-alikes (0/O, 1/I). */
export const RETURN_CODE_PATTERN = /^RET-[2-9A-HJ-NP-Z]{8}$/;
export const RETURN_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A code as typed: trimmed, upper case. */
export const normaliseReturnCode = (code: string): string => code.trim().toUpperCase();

/** The longest comment the customer may add. */
export const MAX_RETURN_COMMENT = 500;

/** The stable codes of the returns' errors (beside the field, or the whole request). */
export const RETURN_CODES = {
  lineNotReturnable: 'RETURN_LINE_NOT_RETURNABLE',
  notDomestic: 'RETURN_NOT_DOMESTIC',
  alreadyReturned: 'RETURN_ALREADY_CREATED',
  codeUnknown: 'RETURN_CODE_UNKNOWN',
  codeRedeemed: 'RETURN_CODE_REDEEMED',
  reasonInvalid: 'RETURN_REASON_INVALID',
  dropOffInvalid: 'RETURN_DROP_OFF_INVALID',
  commentTooLong: 'RETURN_COMMENT_TOO_LONG',
  notCompany: 'RETURN_NOT_COMPANY',
  notFound: 'RETURN_NOT_FOUND',
  orderNumberInvalid: 'RETURN_ORDER_NUMBER_INVALID',
  emailInvalid: 'RETURN_EMAIL_INVALID',
  customerReturnsOff: 'RETURN_CUSTOMER_RETURNS_OFF',
  notAwaitingPayment: 'RETURN_NOT_AWAITING_PAYMENT',
  settingInvalid: 'RETURN_SETTING_INVALID',
  notAllowed: 'RETURN_SETTINGS_NOT_ALLOWED',
} as const;

/** The messages of those errors, in English and Latvian. */
export const RETURN_MESSAGES = {
  en: {
    lineNotReturnable: 'This shipment cannot be returned: it is not a paid shipment of your account.',
    notDomestic: 'Returns are made for shipments within Latvia only.',
    alreadyReturned: 'A return has already been created for this shipment.',
    codeUnknown: 'No return matches this code.',
    codeRedeemed: 'This return code has already been used.',
    reasonInvalid: 'Choose a reason for the return.',
    dropOffInvalid: 'Choose where you will hand the return over.',
    commentTooLong: `The comment can be at most ${MAX_RETURN_COMMENT} characters long.`,
    notCompany: 'Returns are created by company accounts.',
    notFound: 'No shipment that can be returned matches this order number and e-mail.',
    orderNumberInvalid: 'Enter the order number: the shipment’s number, such as RR123456785LV.',
    emailInvalid: 'Enter the e-mail address the order was sent to.',
    customerReturnsOff: 'This shop does not take returns started here. Ask the shop for a return code.',
    notAwaitingPayment: 'This return is not waiting for a payment.',
    settingInvalid: 'Choose whether your customers may start returns, and who pays.',
    notAllowed: 'Only the company account’s main administrator can change its return settings.',
  },
  lv: {
    lineNotReturnable: 'Šo sūtījumu nevar sūtīt atpakaļ: tas nav jūsu konta apmaksāts sūtījums.',
    notDomestic: 'Atpakaļsūtījumus var izveidot tikai sūtījumiem Latvijā.',
    alreadyReturned: 'Šim sūtījumam atpakaļsūtījums jau ir izveidots.',
    codeUnknown: 'Šim kodam neatbilst neviens atpakaļsūtījums.',
    codeRedeemed: 'Šis atpakaļsūtīšanas kods jau ir izmantots.',
    reasonInvalid: 'Izvēlieties atpakaļsūtīšanas iemeslu.',
    dropOffInvalid: 'Izvēlieties, kur nodosiet atpakaļsūtījumu.',
    commentTooLong: `Komentārā var būt ne vairāk kā ${MAX_RETURN_COMMENT} rakstzīmes.`,
    notCompany: 'Atpakaļsūtījumus veido uzņēmumu konti.',
    notFound: 'Šim pasūtījuma numuram un e-pastam neatbilst neviens sūtījums, ko var sūtīt atpakaļ.',
    orderNumberInvalid: 'Ievadiet pasūtījuma numuru: sūtījuma numuru, piemēram, RR123456785LV.',
    emailInvalid: 'Ievadiet e-pasta adresi, uz kuru tika nosūtīts pasūtījums.',
    customerReturnsOff: 'Šis veikals nepieņem šeit sāktus atpakaļsūtījumus. Lūdziet veikalam atpakaļsūtīšanas kodu.',
    notAwaitingPayment: 'Šis atpakaļsūtījums negaida maksājumu.',
    settingInvalid: 'Izvēlieties, vai jūsu klienti drīkst sākt atpakaļsūtījumus un kurš maksā.',
    notAllowed: 'Atpakaļsūtījumu iestatījumus var mainīt tikai uzņēmuma konta galvenais administrators.',
  },
} as const satisfies Record<'en' | 'lv', Record<keyof typeof RETURN_CODES, string>>;

export interface ReturnViolation {
  propertyPath: string;
  message: string;
  code: string;
}

/** The customer's choices when a code is redeemed: reason, drop-off, optional comment (English messages). */
export function redeemViolations(input: {
  reason?: string | null;
  dropOff?: string | null;
  comment?: string | null;
}): ReturnViolation[] {
  const violations: ReturnViolation[] = [];
  const messages = RETURN_MESSAGES.en;
  if (!(RETURN_REASONS as readonly string[]).includes(input.reason ?? '')) {
    violations.push({ propertyPath: 'reason', message: messages.reasonInvalid, code: RETURN_CODES.reasonInvalid });
  }
  if (!(RETURN_DROP_OFFS as readonly string[]).includes(input.dropOff ?? '')) {
    violations.push({ propertyPath: 'dropOff', message: messages.dropOffInvalid, code: RETURN_CODES.dropOffInvalid });
  }
  if ((input.comment ?? '').length > MAX_RETURN_COMMENT) {
    violations.push({ propertyPath: 'comment', message: messages.commentTooLong, code: RETURN_CODES.commentTooLong });
  }
  return violations;
}

/** An order number as typed: the shipment's S10 number, spaces removed, upper case. */
export const normaliseOrderNumber = (number: string): string => number.replace(/\s+/g, '').toUpperCase();

/** The shape of an S10 number (two letters, nine digits, two letters); its check digit is the API's lookup. */
export const ORDER_NUMBER_PATTERN = /^[A-Z]{2}\d{9}[A-Z]{2}$/;

/** Loose on purpose: the e-mail is only compared with the one on the shipment. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A return the customer starts without a code (issue 40 item 1): the order number (the shipment's
 * S10 number) and the e-mail the order was sent to, with the same choices as a redeem.
 */
export function startViolations(input: {
  orderNumber?: string | null;
  email?: string | null;
  reason?: string | null;
  dropOff?: string | null;
  comment?: string | null;
}): ReturnViolation[] {
  const messages = RETURN_MESSAGES.en;
  const violations: ReturnViolation[] = [];
  if (!ORDER_NUMBER_PATTERN.test(normaliseOrderNumber(input.orderNumber ?? ''))) {
    violations.push({
      propertyPath: 'orderNumber',
      message: messages.orderNumberInvalid,
      code: RETURN_CODES.orderNumberInvalid,
    });
  }
  if (!EMAIL_SHAPE.test((input.email ?? '').trim())) {
    violations.push({ propertyPath: 'email', message: messages.emailInvalid, code: RETURN_CODES.emailInvalid });
  }
  return [...violations, ...redeemViolations(input)];
}
