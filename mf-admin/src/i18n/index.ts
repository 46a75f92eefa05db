import en from './en.json';
import lv from './lv.json';

/** This remote's i18next namespace; its catalogues are added to the shared instance on mount. */
export const NAMESPACE = 'admin';
export const catalogues = { en, lv };
