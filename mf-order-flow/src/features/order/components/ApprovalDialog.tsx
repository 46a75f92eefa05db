import { Button, Group, List, Stack, Text } from '@portal/shared-contracts/ui';
import { Modal } from '@portal/shared-contracts/ui/overlays';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { useFieldErrors } from '../hooks/use-field-errors';
import { useOrderFlow } from '../store';

/**
 * SPEC §4 Approval and Weight mismatch: approval-type violations (adjusted weight, reduced
 * insurance) are not errors; the user approves them here or goes back to change the order.
 *
 * Built from Modal's parts so that (axe, issue 21) its close button has a name and its header is
 * a plain `div`: Mantine renders a `<header>`, which inside a dialog counts as a second banner landmark.
 */
export function ApprovalDialog({ onApprove }: { onApprove: (codes: string[]) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { describe } = useFieldErrors();
  const approval = useOrderFlow((state) => state.approval);
  const setApproval = useOrderFlow((state) => state.setApproval);
  const close = () => setApproval([]);
  return (
    <Modal.Root opened={approval.length > 0} onClose={close} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{t('approval.title')}</Modal.Title>
          <Modal.CloseButton aria-label={t('approval.close')} />
        </Modal.Header>
        <Modal.Body>
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
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
