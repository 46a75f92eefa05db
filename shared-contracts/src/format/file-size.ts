import type { Locale } from '../i18n/locale';

const MEGABYTE = 1024 * 1024;

/**
 * A file's size as people read it, in the interface's language: "245 KB", "1.4 MB" in English,
 * "1,4 MB" in Latvian. Never "0 KB": a file of a few bytes is "1 KB".
 */
export function formatFileSize(bytes: number, locale: Locale | string): string {
  const number = new Intl.NumberFormat(locale === 'lv' ? 'lv-LV' : 'en-US', { maximumFractionDigits: 1 });
  if (bytes < MEGABYTE) return `${number.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${number.format(bytes / MEGABYTE)} MB`;
}
