// UPU S10 shipment numbers: shape, check digit, validation, and the service indicator per product.
// Pure functions, no dependencies: usable by the API (number allocation, documents) and the web
// (tracking page validation before any lookup).
export { isIssuingCountryCode } from './country-codes';
export {
  formatS10,
  isTestS10,
  isValidS10,
  LIVE_SERIALS,
  makeS10,
  normaliseS10,
  S10_HOME_COUNTRY,
  S10_MESSAGES,
  type S10InvalidReason,
  type S10Parts,
  type S10SerialRange,
  type S10Validation,
  s10CheckDigit,
  TEST_SERIALS,
} from './s10';
export {
  S10_CLASS_LETTERS,
  S10_DEFAULT_SERVICE_INDICATORS,
  type S10Product,
  type S10ServiceClass,
  s10ServiceClassFor,
  serviceIndicatorFor,
} from './service-indicators';
