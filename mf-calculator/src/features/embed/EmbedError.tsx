import { toLocale } from '@portal/shared-contracts';
import en from '../../i18n/en.json';
import lv from '../../i18n/lv.json';

/** Shown inside the parcel's box when it crashes: plain HTML, since its providers may be what failed. */
export function EmbedError({ locale }: { locale?: string }) {
  const texts = toLocale(locale) === 'lv' ? lv : en;
  return <p role="alert">{texts.embed.failed}</p>;
}
