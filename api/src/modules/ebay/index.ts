import type { FastifyPluginAsync } from 'fastify';
import { requireAuthentication } from '../../auth';
import type { EbaySettings } from '../../config';
import type { Database } from '../../db';
import { apiModule } from '../../http/api-module';
import type { IdentityService } from '../identity';
import type { JobScheduler } from '../jobs';
import { EbayAccountDeletion } from './account-deletion';
import { type EbayClient, HttpEbayClient } from './client';
import { deletionRoutes } from './deletion-routes';
import { ebayRoutes } from './routes';
import { EbayService } from './service';
import { TokenCipher } from './token-cipher';

export { challengeResponse, EBAY_SIGNATURE_HEADER } from './account-deletion';
export { EBAY_SCOPES, type EbayClient, EbayError, HttpEbayClient } from './client';
export { EbayFulfilments } from './fulfilment';
export { forgetEbayLinksOfDeletedProfiles } from './profile-deletion';
export { EbayService } from './service';
export { TokenCipher } from './token-cipher';

/** The HTTP client of the configured eBay (or the stand-in), or null while the integration is off. */
export function ebayClientOf(settings: EbaySettings): EbayClient | null {
  if (!settings.enabled || !settings.apiUrl || !settings.authUrl) return null;
  return new HttpEbayClient({
    apiUrl: settings.apiUrl,
    authUrl: settings.authUrl,
    identityUrl: settings.identityUrl ?? settings.apiUrl,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    ruName: settings.ruName,
    timeoutMs: settings.timeoutMs,
  });
}

export interface EbayModuleOptions {
  db: Database;
  identity: IdentityService;
  settings: EbaySettings;
  client: EbayClient | null;
  /** The deployment's scheduled jobs (modules/jobs): the import runs once per interval across the instances. */
  jobs?: JobScheduler;
  now?: () => Date;
}

/**
 * The eBay integration (issue 15): linked accounts, their sales awaiting shipment, shipments made
 * from them, and the fulfilment pushed back to eBay. Every `/api/ebay` route needs a signed-in
 * user. A scheduled pass reads the linked accounts' sales again; the fulfilments are the job engine's.
 */
const ebayPlugin: FastifyPluginAsync<EbayModuleOptions> = async (app, options) => {
  const { db, identity, settings, client, now, jobs } = options;
  const service = new EbayService(db.orm, identity, {
    client,
    cipher: new TokenCipher(settings.tokenKey),
    ...(now ? { now } : {}),
  });
  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(ebayRoutes, { service });
    },
    { prefix: '/api' },
  );
  if (!client) return;
  // eBay's account deletion notices, once the portal is subscribed (a verification token and the endpoint's URL).
  if (settings.verificationToken && settings.deletionEndpoint) {
    const deletion = new EbayAccountDeletion(db.orm, client, {
      verificationToken: settings.verificationToken,
      endpoint: settings.deletionEndpoint,
    });
    await app.register(deletionRoutes, { prefix: '/api', deletion });
  }
  // The import reads every linked account from eBay: once per interval for the deployment, and
  // never twice at once when a pass outlasts its interval (both the job scheduler's, on the job
  // engine). The fulfilments are jobs of the job engine too (fulfilment.ts).
  jobs?.add({
    name: 'ebay-import',
    intervalMs: settings.syncIntervalSeconds * 1000,
    pass: () => service.refreshAll(),
  });
};

export const ebayModule = apiModule(ebayPlugin, { name: 'ebay' });
