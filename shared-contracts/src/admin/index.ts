// Back-office contracts. The roles alone are also `@portal/shared-contracts/admin/roles`: the shell
// checks them on every page, and the rest (zod schemas of products and tariffs) is the back office's.

export * from './discounts';
export * from './locations';
export * from './orders';
export * from './roles';
export * from './workflows';
