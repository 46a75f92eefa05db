// The one configuration module (DESIGN §5): every setting of the API and the gateway, validated at start.
export {
  type Config,
  ConfigError,
  DEV_CLIENT_ID,
  DEV_TRACKING_CLIENT_SECRET,
  loadConfig,
  loadConfigOrExit,
  loadDatabaseSettings,
  MIN_SECRET_LENGTH,
} from './config';
export { type Settings, settingsSchema } from './settings';
