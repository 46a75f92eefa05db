import type { PriceByCountryRequest } from '@portal/shared-contracts/pricing';
import { usePlatform } from '@portal/shared-contracts/react';
import { Button, Group } from '@portal/shared-contracts/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { downloadPrices, type ExportFormat } from '../api';

/** "Download PDF" and "Download XLSX" of the shown result; the API writes the files. */
export function DownloadButtons({ request, disabled }: { request: PriceByCountryRequest; disabled: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const { api, notify, translateServerMessage } = usePlatform();
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const download = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await downloadPrices(api, request, format);
    } catch (error) {
      notify('error', `${t('results.downloadFailed')}: ${translateServerMessage((error as Error).message)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Group gap="xs">
      {(['pdf', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="light"
          disabled={disabled || (busy !== null && busy !== format)}
          loading={busy === format}
          onClick={() => void download(format)}
        >
          {t(`results.download.${format}`)}
        </Button>
      ))}
    </Group>
  );
}
