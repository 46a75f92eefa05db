// `@portal/shared-contracts/countries`: the country list and its fuzzy search. A separate shared
// entry so that fuse.js loads only with the screens that search countries, not with the home page.
export { COUNTRY_LIST_PAGE_SIZE, countriesQuery, fetchActiveCountries } from './countries-query';
export { type Country, countrySchema } from './country';
export { type CountrySearch, createCountrySearch } from './country-search';
