import { saveFile } from '@portal/shared-contracts';
import { type LabelFormat, labelFormatsDefaultFirst } from '@portal/shared-contracts/orders';
import { usePlatform } from '@portal/shared-contracts/react';
import { Button, Group } from '@portal/shared-contracts/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import type { OrderLineResource, OrderResource } from '../../../shared/order';
import { type DocumentKind, downloadDocument } from '../../../shared/order';
import { documentFileName, hasCustomsDocument } from '../instructions';

const LABEL_BUTTONS: Record<LabelFormat, string> = {
  A6: 'documents.labelA6',
  A4: 'documents.labelA4',
  zpl: 'documents.labelZpl',
};

/**
 * The buttons' words wrap instead of being cut: at 390 px the thermal printer's button in Latvian
 * ("Lejupielādēt uzlīmi termoprinterim (…") was wider than the screen (issue 40).
 */
const WRAPPING = { root: { height: 'auto', minHeight: 36 }, label: { whiteSpace: 'normal' as const } };

const extensionOf = (kind: DocumentKind) => (kind.kind === 'label' && kind.format === 'zpl' ? 'zpl' : 'pdf');

/**
 * A paid line's documents: its label in each format (the account's default first), the link to the
 * order's hand-over QR, and the customs declaration when the line has one. The payment's result
 * page and the order page show the same buttons.
 */
export function LineDocuments({ order, line }: { order: OrderResource; line: OrderLineResource }) {
  const { t } = useTranslation(NAMESPACE);
  const { api, notify, translateServerMessage, session } = usePlatform();
  const [loading, setLoading] = useState<string | null>(null);
  // The account's default label format first and highlighted (issue 20 item 4); A6 for visitors.
  const labelFormats = labelFormatsDefaultFirst(session?.activeAccount?.labelFormat);
  const customs = hasCustomsDocument(line);

  const download = async (name: string, kind: DocumentKind) => {
    setLoading(name);
    try {
      const blob = await downloadDocument(api, order['@id'], kind);
      saveFile(blob, documentFileName(name, line.barcode, order.key, extensionOf(kind)));
    } catch (error) {
      notify('error', translateServerMessage(error instanceof Error ? error.message : String(error)));
    } finally {
      setLoading(null);
    }
  };

  return (
    <Group>
      {labelFormats.map((format, index) => (
        <Button
          key={format}
          variant={index === 0 ? 'filled' : 'light'}
          py={6}
          styles={WRAPPING}
          onClick={() => void download(`label-${format}`, { kind: 'label', format })}
          loading={loading === `label-${format}`}
          data-testid={`download-label-${format.toLowerCase()}`}
        >
          {t(LABEL_BUTTONS[format])}
        </Button>
      ))}
      {/* Printer-free: the order's hand-over QR below (issue 20 item 5). */}
      <Button
        component="a"
        href="#handover-qr"
        variant="subtle"
        py={6}
        styles={WRAPPING}
        data-testid="show-handover-qr"
      >
        {t('handoverQr.show')}
      </Button>
      {customs && (
        <Button
          variant="light"
          py={6}
          styles={WRAPPING}
          onClick={() => void download('customs', { kind: 'customs' })}
          loading={loading === 'customs'}
          data-testid="download-customs"
        >
          {t('documents.customs')}
        </Button>
      )}
    </Group>
  );
}
