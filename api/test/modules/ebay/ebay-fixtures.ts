import { type EbayStandIn, startEbayStandIn } from '../../../../infra/ebay-standin/server';
import {
  EBAY_STANDIN_CLIENT_ID,
  EBAY_STANDIN_CLIENT_SECRET,
  EBAY_STANDIN_RU_NAME,
  loadConfig,
} from '../../../src/config';
import type { Headers, requester } from '../orders/order-fixtures';

export const ACCEPT_URL = 'http://portal.test/user/ebay/accounts/accepted';

export function startStandIn(): Promise<EbayStandIn> {
  return startEbayStandIn({
    clientId: EBAY_STANDIN_CLIENT_ID,
    clientSecret: EBAY_STANDIN_CLIENT_SECRET,
    ruName: EBAY_STANDIN_RU_NAME,
    acceptUrl: ACCEPT_URL,
  });
}

/** The API's settings pointing at the stand-in; no scheduled pass runs during a test. */
export function configFor(standIn: EbayStandIn) {
  return loadConfig({
    ...process.env,
    RATE_LIMIT: 'off',
    DOCUMENT_WORKERS: '0',
    EBAY_API_URL: standIn.url,
    EBAY_AUTH_URL: standIn.url,
    EBAY_TIMEOUT_MS: '400',
    EBAY_SYNC_INTERVAL_SECONDS: String(86_400 * 7),
    // The scheduler claims no slots here (modules/jobs): its check at start ran the jobs, and with it
    // the bulk-shipment test's fulfilments never reached the stand-in (not yet understood; issue 35).
    JOBS: 'off',
  });
}

/** What the seller does on eBay's consent page: signed in as `username`, Agree (or No thanks). */
export async function consent(consentUrl: string, username: string, action: 'agree' | 'decline' = 'agree') {
  const page = await fetch(consentUrl);
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}`);
  const query = new URL(consentUrl).searchParams;
  const form = new URLSearchParams({
    client_id: query.get('client_id') ?? '',
    redirect_uri: query.get('redirect_uri') ?? '',
    scope: query.get('scope') ?? '',
    state: query.get('state') ?? '',
    username,
    action,
  });
  const answer = await fetch(new URL('/oauth2/authorize', consentUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const back = new URL(answer.headers.get('location') ?? '');
  return {
    state: back.searchParams.get('state') ?? '',
    code: back.searchParams.get('code') ?? undefined,
    error: back.searchParams.get('error') ?? undefined,
  };
}

/** Links an eBay account for the caller through the consent page; answers the accepted call. */
export async function link(request: ReturnType<typeof requester>, user: Headers, username: string, name = 'My shop') {
  const started = await request('POST', '/api/ebay/accounts', user, { name });
  if (started.status !== 201) throw new Error(`link not started: ${started.status} ${JSON.stringify(started.body)}`);
  const back = await consent(started.body.consentUrl, username);
  return request('POST', '/api/ebay/accounts/accepted', user, back);
}
