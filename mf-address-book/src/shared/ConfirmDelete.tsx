import { Button, Group, Stack, Text } from '@portal/shared-contracts/ui';
import { Modal } from '@portal/shared-contracts/ui/overlays';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

interface Props {
  /** What is deleted, as the question names it. */
  question: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** Asks before deleting; the dialog closes when the deletion has run (its outcome is notified). */
export function ConfirmDelete({ question, onConfirm, onClose }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('actions.confirmTitle')}>
      <Stack>
        <Text>{question}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={busy} data-testid="confirm-delete">
            {t('actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
