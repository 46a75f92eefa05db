import { Button, Group, List, Stack, Text } from '@portal/shared-contracts/ui';
import { Modal } from '@portal/shared-contracts/ui/overlays';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { useFieldErrors } from '../hooks/use-field-errors';
import { useOrderFlow } from '../store';

/**
 * SPEC §4 Approval and Weight mismatch: approval-type violations (adjusted weight, reduced
 * insurance) are not errors; the user approves them here or goes back to change the order.
 */
export function ApprovalDialog({ onApprove }: { onApprove: (codes: string[]) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { describe } = useFieldErrors();
  const approval = useOrderFlow((state) => state.approval);
  const setApproval = useOrderFlow((state) => state.setApproval);
  const close = () => setApproval([]);
  return (
    <Modal
      opened={approval.length > 0}
      onClose={close}
      title={t('approval.title')}
      centered
      // Mantine's close button is an icon: it needs a name for screen readers (axe button-name).
      closeButtonProps={{ 'aria-label': t('approval.close') }}
    >
      <Stack gap="sm" data-testid="approval-dialog">
        <List>
          {approval.map((violation) => (
            <List.Item key={`${violation.code}-${violation.propertyPath}`}>{describe(violation)}</List.Item>
          ))}
        </List>
        <Text size="sm">{t('approval.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('approval.change')}
          </Button>
          <Button onClick={() => onApprove(approval.map((violation) => violation.code ?? '').filter(Boolean))}>
            {t('approval.approve')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
