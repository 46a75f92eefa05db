// The feature's public entry (dependency-cruiser's feature-inner-file rule).
export { EbaySalesTab } from './EbaySalesTab';
export { attachSales, EBAY_SALES_PARAMETER, salesOfParameter, salesToShip, savedCodes } from './ship-together';
