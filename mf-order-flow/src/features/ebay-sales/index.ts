// The feature's entry; what bulk/ and the order wizard share with it is in shared/ebay-sales.
export { EbaySalesTab } from './EbaySalesTab';
