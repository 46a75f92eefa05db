import { ebayAccountSchema, ebaySaleSchema } from '@portal/shared-contracts/ebay';
import { z } from 'zod';
import { described, hydraCollectionAnswer } from '../../http/answer-schemas';

// What the eBay routes answer (route schemas, issue 20): the contract's account and sale, and the
// few shapes only these routes have.

export const accountAnswer = (description: string) => described(ebayAccountSchema, description);
export const saleAnswer = (description: string) => described(ebaySaleSchema, description);
export const accountsAnswer = (description: string) => hydraCollectionAnswer(ebayAccountSchema, description);
export const salesAnswer = (description: string) => hydraCollectionAnswer(ebaySaleSchema, description);

/** A link started or started again: the browser goes to eBay's consent page next. */
export const consentAnswer = (description: string) =>
  z
    .object({
      account: ebayAccountSchema,
      consentUrl: z.string().describe('eBay’s consent page; it sends the browser back to the accepted page.'),
    })
    .describe(description);

/** eBay's check of the endpoint (its "Marketplace account deletion" guide). */
export const challengeAnswer = z.object({
  challengeResponse: z
    .string()
    .describe('SHA-256 (hex) of the challenge code, the verification token and the endpoint, in that order.'),
});
