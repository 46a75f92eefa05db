// `@portal/shared-contracts/ebay` (since 1.3.0; 1.4.0 adds bulkRowOfSale): the eBay integration's contract (SPEC §1
// online-marketplace integration, §3 eBay integration: name, §4 an unfinished link must be completed
// or deleted), for the API (api/src/modules/ebay) and the screens (mf-account's Integrations tab,
// mf-order-flow's eBay orders tab and the order wizard's prefill).

export {
  EBAY_ACCOUNT_STATUSES,
  EBAY_CODES,
  EBAY_MESSAGES,
  EBAY_SALE_STATES,
  type EbayAccount,
  type EbayAccountStatus,
  type EbayFulfilment,
  type EbayMoney,
  type EbaySale,
  type EbaySaleAddress,
  type EbaySaleItem,
  type EbaySaleProblem,
  type EbaySaleState,
  ebayAccountSchema,
  ebayFulfilmentSchema,
  ebayMoneySchema,
  ebaySaleAddressSchema,
  ebaySaleItemSchema,
  ebaySaleSchema,
  MAX_EBAY_ACCOUNT_NAME,
} from './model';
export {
  bulkRowOfSale,
  orderDraftOfSale,
  SALE_TEMPLATE_FIELDS,
  type SavedCodeHint,
  saleProblems,
  suggestHsCode,
} from './sale-to-order';
