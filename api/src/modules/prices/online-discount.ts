/**
 * The discount for preparing an item online (Mans Pasts; SPEC §9: "0.40 EUR per eligible letter,
 * and for standard and standard plus small packets"), by the date it took effect. Which
 * workflows are eligible is a workflow field (`onlineDiscountEligible`).
 * - 2025-01-01: EUR 0.40 incl. VAT (pasts.lv news of 27 Dec 2024; SPEC §9).
 * - 2026-01-01: EUR 0.46 excl. VAT (+15 %; la.lv 2026-01-01). Tariffs are charged as published
 *   with no VAT part split out (seed-data.ts), so the 0.46 is taken off as it is.
 */
export const ONLINE_DISCOUNTS: readonly { validFrom: string; cents: number; source: string }[] = [
  {
    validFrom: '2025-01-01',
    cents: 40,
    source:
      'https://pasts.lv/en/news/from-1-january-2025-tariffs-for-universal-postal-service-will-change-three-tariff-groups-have-been-set-for-letters',
  },
  {
    validFrom: '2026-01-01',
    cents: 46,
    source: 'https://www.la.lv/mainas-latvijas-pasta-universala-pasta-pakalpojuma-tarifi-2',
  },
];

/** The online-preparation discount in force on `on` (YYYY-MM-DD), 0 before the first. */
export function onlineDiscountOn(on: string, table = ONLINE_DISCOUNTS): number {
  let cents = 0;
  for (const row of table) if (row.validFrom <= on) cents = row.cents;
  return cents;
}
