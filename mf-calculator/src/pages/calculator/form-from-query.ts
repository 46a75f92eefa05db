import { SHIPMENT_TYPES, type ShipmentType } from '@portal/shared-contracts/pricing';
import { type CalculatorForm, weightText } from '../../features/calculator';

/**
 * Links may open the calculator pre-filled: `/tariff-calculator?type=letter&country=DE&weight=50`
 * (weight in grams, up to five `country` values). Anything unreadable is ignored.
 */
export function formFromQuery(params: URLSearchParams): Partial<CalculatorForm> {
  const form: Partial<CalculatorForm> = {};
  const type = params.get('type');
  const shipmentType: ShipmentType = (SHIPMENT_TYPES as readonly string[]).includes(type ?? '')
    ? (type as ShipmentType)
    : 'parcel';
  if (type) form.shipmentType = shipmentType;
  const countries = params
    .getAll('country')
    .map((code) => code.toUpperCase())
    .filter((code) => /^[A-Z]{2}$/.test(code));
  if (countries.length > 0) form.countryCodes = [...new Set(countries)].slice(0, 5);
  const grams = Number(params.get('weight'));
  if (Number.isInteger(grams) && grams > 0) form.weight = weightText(grams, shipmentType);
  return form;
}
