// The weight as the order wizard takes it (SPEC §2 step 1), shared by the wizard and the bulk
// templates (issue 40 item 6): letters in grams, parcels in kilograms, always sent as whole grams.
import { ORDER_MESSAGES } from '@portal/shared-contracts/orders';
import type { ShipmentType } from './shipment-type';

/** The unit the weight field takes: letters are weighed in grams, parcels in kilograms. */
export function weightUnit(shipmentType: ShipmentType): 'g' | 'kg' {
  return shipmentType === 'letter' ? 'g' : 'kg';
}

/** Decimals the weight field keeps: none for grams, three for kilograms (whole grams). */
export function weightDecimals(shipmentType: ShipmentType): number {
  return shipmentType === 'letter' ? 0 : 3;
}

/** Text typed in a unit as whole grams; null when it is empty or not a positive number. */
export function toGrams(text: string, unit: 'g' | 'kg'): number | null {
  const value = Number(text.replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) return null;
  return Math.round(unit === 'kg' ? value * 1000 : value);
}

/** Grams back to what the weight field shows in the shipment type's unit. */
export function gramsToText(grams: number, unit: 'g' | 'kg'): string {
  return unit === 'kg' ? String(grams / 1000) : String(grams);
}

/** The order rule's words when the weight is missing or not positive (the shell translates them). */
export const WEIGHT_NOT_POSITIVE_MESSAGE = ORDER_MESSAGES.weightPositive;
