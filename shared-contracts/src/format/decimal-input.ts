/**
 * Cleans what a person types into a decimal field, keystroke by keystroke (SPEC §5):
 * comma becomes point, anything but digits and the first point is dropped, leading zeros
 * go ("007" → "7", "0.5" stays), decimals are cut to `maxDecimals`, and with no decimals
 * allowed the point goes too. A trailing point survives ("12." while typing "12.5") and a
 * bare point gets its zero (".5" → "0.5") so the value always reads as a number.
 */
export function normaliseDecimalInput(value: string, maxDecimals: number): string {
  const digitsAndPoints = value.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const pointAt = digitsAndPoints.indexOf('.');
  const integerDigits = pointAt === -1 ? digitsAndPoints : digitsAndPoints.slice(0, pointAt);
  const integerPart = integerDigits.replace(/^0+(?=\d)/, '');
  if (pointAt === -1 || maxDecimals <= 0) return integerPart;
  const decimals = digitsAndPoints
    .slice(pointAt + 1)
    .replace(/\./g, '')
    .slice(0, maxDecimals);
  return `${integerPart || '0'}.${decimals}`;
}
