/** Enumerations of SPEC §3 that workflows, price requests and the calculator share. */

export const SHIPMENT_TYPES = ['letter', 'parcel'] as const;
export type ShipmentType = (typeof SHIPMENT_TYPES)[number];

export const SHIPMENT_SUB_TYPES = [
  'economy',
  'registered',
  'trackable',
  'premium',
  'standard',
  'standardPlus',
] as const;
export type ShipmentSubType = (typeof SHIPMENT_SUB_TYPES)[number];

export const SHIPMENT_SIZE_TYPES = ['xs', 's', 'm', 'l', 'xl', 'small', 'large'] as const;
export type ShipmentSizeType = (typeof SHIPMENT_SIZE_TYPES)[number];

/** Receiving and transfer options (SPEC §3). */
export const HANDOVER_TYPES = [
  'postOffice',
  'parcelMachine',
  'parcelMachinePostOffice',
  'courier',
  'atReceiverAddress',
] as const;
export type HandoverType = (typeof HANDOVER_TYPES)[number];

/** Additional services by name (SPEC §3 Additional service). */
export const ADDITIONAL_SERVICES = [
  'insurance',
  'deliveryConfirmationLatvia',
  'deliveryConfirmationAbroad',
  'listConfirmation',
  'fragile',
  'cashOnDelivery',
  'cashOnDeliveryToPNS',
  'cashOnDeliveryToBank',
  'bigSize',
  'bigSizeAndFragile',
  'fastDelivery',
  'courierPickUp',
  'courierAlreadyCalled',
  'trackingInternational',
  'trackingLatvia',
] as const;
export type AdditionalServiceName = (typeof ADDITIONAL_SERVICES)[number];

/** Cash-on-delivery types (SPEC §3 Services): operator's account (PNS), postal transfer, bank account. */
export const CASH_ON_DELIVERY_TYPES = ['PNS', 'postalTransfer', 'bank'] as const;
export type CashOnDeliveryType = (typeof CASH_ON_DELIVERY_TYPES)[number];

/** The additional service that prices each cash-on-delivery type. */
export const CASH_ON_DELIVERY_SERVICE: Readonly<Record<CashOnDeliveryType, AdditionalServiceName>> = {
  PNS: 'cashOnDeliveryToPNS',
  postalTransfer: 'cashOnDelivery',
  bank: 'cashOnDeliveryToBank',
};

/** Max recipient countries of one price request (SPEC §5, §9). */
export const MAX_PRICE_COUNTRIES = 5;

/**
 * The fixed tariff ordering of SPEC §9. A workflow's place is that of the first of its keys
 * (see `tariffSortKey`) found here; workflows with none come last; ties go by label.
 */
export const TARIFF_ORDER = [
  'XS',
  'S',
  'M',
  'L',
  'XL',
  'letter-trackable',
  'letter-registered',
  'parcelMachine-parcelMachine',
  'parcelMachine-courier',
  'courier-parcelMachine',
  'courier-courier',
  'parcel-economy-small',
  'parcel-standard-small',
  'parcel-standardPlus-small',
  'parcel-standardPlus-large',
  'parcel-premium-large',
] as const;

export interface TariffSortable {
  label: string;
  shipmentType: string;
  shipmentSubType: string;
  shipmentSizeType?: string | null;
  transferType?: string | null;
  receivingType?: string | null;
}

/** Position of a workflow in TARIFF_ORDER, or TARIFF_ORDER.length when it has no listed key. */
export function tariffRank(workflow: TariffSortable): number {
  const { shipmentType, shipmentSubType, shipmentSizeType, transferType, receivingType } = workflow;
  const candidates = [
    shipmentSizeType?.toUpperCase(),
    `${shipmentType}-${shipmentSubType}`,
    transferType && receivingType ? `${transferType}-${receivingType}` : undefined,
    shipmentSizeType ? `${shipmentType}-${shipmentSubType}-${shipmentSizeType}` : undefined,
  ];
  const order: readonly string[] = TARIFF_ORDER;
  for (const key of candidates) {
    const rank = key === undefined ? -1 : order.indexOf(key);
    if (rank >= 0) return rank;
  }
  return TARIFF_ORDER.length;
}

/** Comparator for Array.sort: the tariff ordering of SPEC §9, then label. */
export function compareTariffOrder(a: TariffSortable, b: TariffSortable): number {
  return tariffRank(a) - tariffRank(b) || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);
}

/**
 * SPEC §9: delivery within Latvia takes one working day. The catalogue's domestic products promise
 * it and tracking counts the expected delivery with it, so both say the same day.
 */
export const DOMESTIC_DELIVERY_WORKING_DAYS = 1;
