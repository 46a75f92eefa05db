import { EU_MEMBER_STATES } from '@portal/shared-contracts/orders';
import type { Zone } from './model';

/**
 * The three letter tariff zones in force since 2025-01-01: Latvia, EEA, rest of the world
 * (pasts.lv news of 27 Dec 2024, ../shared/data/tariffs.md §2). EEA = the EU plus Iceland,
 * Liechtenstein and Norway. Lithuania and Estonia are EEA countries; their own (Baltic)
 * workflows name the country instead of a zone.
 */
const EEA = new Set<string>([...EU_MEMBER_STATES, 'IS', 'LI', 'NO']);

export function zoneOf(countryCode: string): Zone {
  if (countryCode === 'LV') return 'LV';
  return EEA.has(countryCode) ? 'EEA' : 'WORLD';
}

/** Whether a workflow serves a country: named for it, or for the country's zone. */
export function servesCountry(workflow: { countryCode: string | null; zone: Zone }, countryCode: string): boolean {
  return workflow.countryCode === null ? workflow.zone === zoneOf(countryCode) : workflow.countryCode === countryCode;
}
