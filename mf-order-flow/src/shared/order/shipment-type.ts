/** SPEC §2: `/orders/:orderType` takes parcel or letter. */
export const SHIPMENT_TYPES = ['parcel', 'letter'] as const;
export type ShipmentType = (typeof SHIPMENT_TYPES)[number];

export function isShipmentType(value: string | undefined): value is ShipmentType {
  return (SHIPMENT_TYPES as readonly (string | undefined)[]).includes(value);
}
