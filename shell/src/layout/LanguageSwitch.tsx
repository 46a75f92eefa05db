import { isLocale, LOCALES } from '@portal/shared-contracts';
import { SegmentedControl } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../locale/locale-store';

export function LanguageSwitch() {
  const { t } = useTranslation('shell');
  const locale = useLocaleStore((state) => state.locale);
  const setLocale = useLocaleStore((state) => state.setLocale);
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language.label')}
      value={locale}
      onChange={(value) => isLocale(value) && setLocale(value)}
      data={LOCALES.map((code) => ({
        value: code,
        label: (
          <span title={t(`language.${code}`)} lang={code}>
            {code.toUpperCase()}
          </span>
        ),
      }))}
      data-testid="language-switch"
    />
  );
}
