// The one configuration module (DESIGN §5): every setting of the API and the gateway, validated at start.
export {
  type Config,
  ConfigError,
  DEV_CLIENT_ID,
  DEV_TRACKING_CLIENT_SECRET,
  EBAY_STANDIN_CLIENT_ID,
  EBAY_STANDIN_CLIENT_SECRET,
  EBAY_STANDIN_RU_NAME,
  type EbaySettings,
  loadConfig,
  loadConfigOrExit,
  loadDatabaseSettings,
  MIN_SECRET_LENGTH,
  S3_STANDIN_ACCESS_KEY_ID,
  S3_STANDIN_SECRET_ACCESS_KEY,
} from './config';
export { type Settings, settingsSchema } from './settings';
