import type { Locale } from '@portal/shared-contracts';
import type { OrderLineStatus } from '@portal/shared-contracts/tracking';

/** Badge colour per status: green when it arrived, orange when it needs attention, blue on the way. */
export function statusColour(status: OrderLineStatus): string {
  if (status === 'delivered') return 'green';
  if (status === 'onHold' || status === 'returned') return 'orange';
  if (status === 'releasedForDelivery') return 'teal';
  return 'blue';
}

/** Country names in the interface language from the browser's own data (no list to download). */
export function countryNamer(locale: Locale): (code: string) => string {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return (code) => {
    try {
      return names.of(code) ?? code;
    } catch {
      return code;
    }
  };
}
