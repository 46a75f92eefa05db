import { type ApiClient, saveFile } from '@portal/shared-contracts';
import type { PostReturnsResponse } from '@portal/shared-contracts/api-types';
import type { LabelFormat } from '@portal/shared-contracts/orders';
import type { ReturnDropOff, ReturnReason } from '@portal/shared-contracts/returns';

/** A return as the API answers it (`Return`: POST /api/returns, /api/return_codes, the redeem). */
export type ReturnResource = PostReturnsResponse;

/** Which shipment is sent back: its order and line. */
export interface ReturnTarget {
  orderKey: string;
  orderLineId: number;
}

/** POST /api/returns: the return and its label at once, prepaid by the company on account. */
export function createReturnLabel(api: ApiClient, target: ReturnTarget): Promise<ReturnResource> {
  return api.POST('/api/returns', { body: target });
}

/** POST /api/return_codes: a `RET-…` code the company gives its customer to redeem on /returns. */
export function createReturnCode(api: ApiClient, target: ReturnTarget): Promise<ReturnResource> {
  return api.POST('/api/return_codes', { body: target });
}

/** The place the customer chose to hand the return over at (the location chooser's choice). */
export interface DropOffPlaceChoice {
  id: string;
  label: string;
}

export interface RedeemRequest {
  code: string;
  reason: ReturnReason | '';
  dropOff: ReturnDropOff | '';
  dropOffPlace?: DropOffPlaceChoice | null;
  comment: string;
}

/** POST /api/public/returns/redeem: the customer's choices; the API client passes the bot check first. */
export function redeemReturn(api: ApiClient, request: RedeemRequest): Promise<ReturnResource> {
  return api.POST('/api/public/returns/redeem', {
    body: {
      code: request.code,
      reason: request.reason || null,
      dropOff: request.dropOff || null,
      dropOffPlaceId: request.dropOffPlace?.id ?? null,
      comment: request.comment.trim() === '' ? null : request.comment,
    },
  });
}

export interface StartRequest {
  orderNumber: string;
  email: string;
  reason: ReturnReason | '';
  dropOff: ReturnDropOff | '';
  dropOffPlace?: DropOffPlaceChoice | null;
  comment: string;
}

/**
 * POST /api/public/returns: a return without a code, with the order number (the shipment's S10
 * number) and the e-mail the order was sent to; bot-checked as the redeem.
 */
export function startReturn(api: ApiClient, request: StartRequest): Promise<ReturnResource> {
  return api.POST('/api/public/returns', {
    body: {
      orderNumber: request.orderNumber,
      email: request.email.trim(),
      reason: request.reason || null,
      dropOff: request.dropOff || null,
      dropOffPlaceId: request.dropOffPlace?.id ?? null,
      comment: request.comment.trim() === '' ? null : request.comment,
    },
  });
}

/**
 * GET /api/public/returns/{key}: the return by its key (the customer's capability), read when the
 * payment provider sends the customer back to /returns/{key}/{result}. While a payment said
 * `success` is still being confirmed (a provider's callback may come after the browser), it is read again.
 */
export function publicReturnQuery(api: ApiClient, key: string | undefined, confirming: boolean) {
  return {
    queryKey: ['public-return', key],
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<ReturnResource> =>
      api.GET('/api/public/returns/{key}', { path: { key: key ?? '' }, signal }),
    enabled: key !== undefined,
    retry: false,
    refetchInterval: (query: { state: { data?: ReturnResource } }) =>
      confirming && query.state.data?.status === 'awaitingPayment' ? 2_000 : (false as const),
  };
}

/** POST /api/public/returns/{key}/payments: where the browser goes to pay the return's postage. */
export async function startReturnPayment(api: ApiClient, key: string): Promise<string> {
  return (await api.POST('/api/public/returns/{key}/payments', { path: { key } })).redirectUrl;
}

/** GET /api/public/returns/{key}/label, saved as a file: `return-<S10>.pdf` or `.zpl`. */
export async function downloadReturnLabel(api: ApiClient, row: ReturnResource, format: LabelFormat): Promise<void> {
  const blob = await api.GET('/api/public/returns/{key}/label', {
    path: { key: row.key },
    query: { format },
    responseType: 'blob',
  });
  const name = `return-${row.returnBarcode ?? row.key}-${format}.${format === 'zpl' ? 'zpl' : 'pdf'}`;
  saveFile(blob as Blob, name);
}

/**
 * GET /api/returns: the company's returns (newest first), so the order page shows a shipment's
 * return, a waiting code included, instead of offering to make a second one.
 */
export function companyReturnsQuery(api: ApiClient, accountId: number | undefined) {
  return {
    queryKey: ['returns', accountId],
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<ReturnResource[]> =>
      (await api.GET('/api/returns', { signal }))['hydra:member'],
    enabled: accountId !== undefined,
    retry: false,
  };
}
