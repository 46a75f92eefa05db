import { usePlatform } from '@portal/shared-contracts/react';
import { Button, Group, Text } from '@portal/shared-contracts/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../../i18n';

/**
 * SPEC §4: a signed-in user's loyalty discounts beside the discount field. "Use" puts the code in
 * the field; it counts only once applied with the Apply button, before payment.
 */
export function LoyaltyCodes({ applied, onPick }: { applied: string; onPick: (code: string) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { api, session } = usePlatform();
  const signedIn = !!session?.user;
  const mine = useQuery({
    // The same key as the account pages' list, so closing the new-discount dialog refreshes both.
    queryKey: ['user-discounts', session?.user?.id ?? null],
    queryFn: ({ signal }) => api.GET('/api/user_discounts', { signal }),
    enabled: signedIn,
  });
  const codes = (mine.data?.['hydra:member'] ?? []).filter(
    (discount) => discount.usable && discount.code.toUpperCase() !== applied.toUpperCase(),
  );
  if (!signedIn || codes.length === 0) return null;
  return (
    <Group gap="xs" data-testid="loyalty-codes">
      <Text size="sm">{t('summary.loyaltyCodes')}</Text>
      {codes.map((discount) => (
        <Button
          key={discount.id}
          size="compact-sm"
          variant="default"
          onClick={() => onPick(discount.code)}
          aria-label={t('summary.useCode', { code: discount.code })}
        >
          {discount.code}
        </Button>
      ))}
    </Group>
  );
}
