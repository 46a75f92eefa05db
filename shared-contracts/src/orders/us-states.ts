import { normalizeSearchText } from '../format/search-text';

/**
 * The US states, the District of Columbia and the inhabited territories: USPS two-letter code and
 * name. An address in the United States names its state by the code (SPEC §5); a sender who types
 * the name ("New York") means the same state (issue 40: it was refused).
 */
export const US_STATES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  DC: 'District of Columbia',
  PR: 'Puerto Rico',
  GU: 'Guam',
  VI: 'U.S. Virgin Islands',
  AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
} as const;

export type UsStateCode = keyof typeof US_STATES;

/** The two-letter codes of the US states, the District of Columbia and the inhabited territories. */
export const US_STATE_CODES = Object.keys(US_STATES) as readonly UsStateCode[];

/** Names as compared: case, accents, dots and spacing do not matter ("new  york", "U.S. Virgin Islands"). */
const BY_NAME = new Map(
  Object.entries(US_STATES).map(([code, name]) => [normalizeSearchText(name), code as UsStateCode]),
);

/** The state a region names, by its code or its name (`NY`, `ny`, `New York`); null for anything else. */
export function usStateCode(region: string | null | undefined): UsStateCode | null {
  const text = region?.trim() ?? '';
  const code = text.toUpperCase();
  if (code in US_STATES) return code as UsStateCode;
  return BY_NAME.get(normalizeSearchText(text)) ?? null;
}
