import { Button, Group, List, Stack, Text } from '@portal/shared-contracts/ui';
import { Modal } from '@portal/shared-contracts/ui/overlays';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { useMarkSeen, useMyDiscounts } from './api';
import { tillLabel, valueLabel } from './format';

/**
 * SPEC §2 "new-discount dialog", §4: opens for a signed-in user who was given loyalty discounts
 * they have not seen yet; closing it marks them seen, so it opens once per discount.
 */
export function NewDiscountDialog() {
  const { t } = useTranslation(NAMESPACE);
  const { data } = useMyDiscounts();
  const markSeen = useMarkSeen();
  const unseen = (data?.['hydra:member'] ?? []).filter((discount) => discount.seenAt === null && discount.usable);
  const close = () => markSeen.mutate(unseen.map((discount) => discount.id));

  // Modal.Root so that the header is no <header> (a second banner landmark) and the close button has a name.
  return (
    <Modal.Root opened={unseen.length > 0 && !markSeen.isPending && !markSeen.isSuccess} onClose={close} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{t('discounts.newTitle', { count: unseen.length })}</Modal.Title>
          <Modal.CloseButton aria-label={t('discounts.close')} />
        </Modal.Header>
        <Modal.Body>
          <Stack gap="sm" data-testid="new-discount-dialog">
            <Text>{t('discounts.newText')}</Text>
            <List>
              {unseen.map((discount) => {
                const till = tillLabel(discount);
                return (
                  <List.Item key={discount.id}>
                    <Text span fw={700} ff="monospace">
                      {discount.code}
                    </Text>{' '}
                    {t(discount.type === 'percentage' ? 'discounts.percentOff' : 'discounts.specialPrice', {
                      value: valueLabel(discount),
                    })}
                    {till ? ` ${t('discounts.until', { date: till })}` : ''}
                  </List.Item>
                );
              })}
            </List>
            <Text size="sm">{t('discounts.howToApply')}</Text>
            <Group justify="end">
              <Button onClick={close}>{t('discounts.gotIt')}</Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
