// The order contract the wizard uses (shared-contracts/src/orders, written by the API side).
// One import point, so the wizard's files do not care where the contract is exported from.
export type {
  AssociatedDocumentType,
  ENotificationChoice,
  NatureOfTransaction,
  OrderLineResource,
  OrderListItem,
  OrderResource,
  OrderStatus,
  OrderWrite,
} from '@portal/shared-contracts/orders';
export {
  ACCOUNT_HEADER,
  ASSOCIATED_DOCUMENT_TYPES,
  customsFormForValue,
  NATURES_OF_TRANSACTION,
  needsContentStep,
  needsCustomsDeclaration,
  ORDER_LINE_STATUSES,
  orderListItemSchema,
  orderResourceSchema,
  partyViolations,
  summaryViolations,
} from '@portal/shared-contracts/orders';
