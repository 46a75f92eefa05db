import { formatMoney, type HydraCollection, toDisplayDate } from '@portal/shared-contracts';
import type { SavedHsCode } from '@portal/shared-contracts/account';
import { type EbayMoney, type EbaySale, orderDraftOfSale, saleProblems } from '@portal/shared-contracts/ebay';
import { usePlatform } from '@portal/shared-contracts/react';
import { Link, useNavigate } from '@portal/shared-contracts/router';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text } from '@portal/shared-contracts/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { createOrder } from '../order';

const salesKey = ['ebay-sales'] as const;
const STATE_COLOURS = { waiting: 'yellow', prepared: 'blue', shipped: 'green' } as const;

/** Euros as the portal shows them; another currency with its code (no exchange rate is guessed). */
function money({ cents, currency }: EbayMoney): string {
  return currency === 'EUR' ? formatMoney(cents) : `${formatMoney(cents).replace(' €', '')} ${currency}`;
}

/**
 * My orders → eBay orders (issue 15): the linked accounts' sales waiting for shipment with buyer,
 * items, address and state. "Ship" makes an order of the sale (receiver, address, contents, HS
 * codes suggested from the account's saved codes) and opens it in the wizard; once it is paid,
 * the tracking number goes to eBay and the sale shows the fulfilment's progress.
 */
export function EbaySalesTab() {
  const { t } = useTranslation(NAMESPACE);
  const { api, session, translateServerMessage } = usePlatform();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accountId = session?.status === 'authenticated' ? (session.activeAccount?.id ?? null) : null;
  const sales = useQuery({
    queryKey: salesKey,
    queryFn: ({ signal }) => api.get<HydraCollection<EbaySale>>('/api/ebay/sales', { signal }),
  });
  const refresh = useMutation({
    mutationFn: () =>
      api.post<HydraCollection<{ name: string; importProblem: string | null }>>('/api/ebay/sales/refresh', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKey }),
  });
  const ship = useMutation({
    mutationFn: async (sale: EbaySale) => {
      const saved = accountId
        ? await api
            .get<HydraCollection<SavedHsCode>>(`/api/accounts/${accountId}/saved_hs_codes`)
            .then((answer) => answer['hydra:member'])
            .catch(() => [])
        : [];
      const order = await createOrder(api, { ...orderDraftOfSale(sale, { saved }), account: accountId });
      await api.post<EbaySale>(`/api/ebay/sales/${sale.id}/shipment`, { order: order['@id'] });
      return order.key;
    },
    onSuccess: (key) => navigate(`/orders/parcel/${encodeURIComponent(key)}`),
  });

  const members = sales.data?.['hydra:member'] ?? [];
  const problems = refresh.data?.['hydra:member'].filter((account) => account.importProblem) ?? [];
  return (
    <Stack gap="md" data-testid="ebay-sales">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('ebay.intro')}{' '}
          {/* Underlined: inside a sentence a link must not be told apart by colour alone (axe link-in-text-block). */}
          <Anchor component={Link} to="/settings/integrations" underline="always">
            {t('ebay.manage')}
          </Anchor>
        </Text>
        <Button variant="light" onClick={() => refresh.mutate()} loading={refresh.isPending}>
          {t('ebay.refresh')}
        </Button>
      </Group>
      {problems.map((account) => (
        <Alert key={account.name} color="red" role="alert">
          {account.name}: {translateServerMessage(account.importProblem ?? '')}
        </Alert>
      ))}
      {(sales.isError || ship.isError) && (
        <Alert color="red" role="alert">
          {translateServerMessage(((sales.error ?? ship.error) as Error).message)}
        </Alert>
      )}
      {sales.isSuccess && members.length === 0 && (
        <Text c="dimmed" data-testid="ebay-orders-empty">
          {t('myOrders.ebayEmpty')}
        </Text>
      )}
      {members.map((sale) => {
        const blockers = saleProblems(sale);
        const orderKey = sale.order?.replace(/^\/api\/orders\//, '') ?? null;
        return (
          <Paper key={sale.id} withBorder p="md" data-testid={`ebay-sale-${sale.ebayOrderId}`}>
            <Group justify="space-between" align="flex-start">
              <Stack gap={4}>
                <Text fw={600}>{sale.buyer.name}</Text>
                <Text size="sm" c="dimmed">
                  {t('ebay.soldOn', {
                    date: toDisplayDate(sale.soldAt),
                    account: sale.account.name,
                    id: sale.ebayOrderId,
                  })}
                </Text>
                <Text size="sm">
                  {sale.address
                    ? [sale.address.addressLine, sale.address.city, sale.address.postCode, sale.address.countryCode]
                        .filter(Boolean)
                        .join(', ')
                    : translateServerMessage('eBay gave no shipping address for this sale.')}
                </Text>
                <Text size="sm">
                  {sale.items.length > 3
                    ? t('ebay.manyItems', { count: sale.items.length })
                    : sale.items.map((item) => `${item.title} × ${item.quantity} (${money(item.value)})`).join('; ')}
                </Text>
                <Text size="sm">{t('ebay.total', { total: money(sale.total) })}</Text>
                {sale.fulfilment && (
                  <Text
                    size="sm"
                    c={sale.fulfilment.status === 'done' ? 'green.8' : 'orange.8'}
                    data-testid="ebay-fulfilment"
                  >
                    {sale.fulfilment.status === 'done'
                      ? t('ebay.told', { number: sale.fulfilment.trackingNumber })
                      : t('ebay.telling', {
                          number: sale.fulfilment.trackingNumber,
                          problem: translateServerMessage(sale.fulfilment.lastProblem ?? ''),
                        })}
                  </Text>
                )}
              </Stack>
              <Stack gap="xs" align="flex-end">
                <Badge color={STATE_COLOURS[sale.state]} variant="light" data-testid="ebay-sale-state">
                  {t(`ebay.states.${sale.state}`)}
                </Badge>
                {sale.state === 'waiting' && (
                  <Button
                    size="sm"
                    disabled={blockers.length > 0}
                    loading={ship.isPending && ship.variables?.id === sale.id}
                    onClick={() => ship.mutate(sale)}
                    aria-label={t('ebay.shipNamed', { name: sale.buyer.name })}
                  >
                    {t('ebay.ship')}
                  </Button>
                )}
                {sale.state === 'prepared' && orderKey && (
                  <Anchor component={Link} to={`/orders/parcel/${encodeURIComponent(orderKey)}`}>
                    {t('ebay.continue')}
                  </Anchor>
                )}
                {blockers.includes('TOO_MANY_ITEMS') && (
                  <Text size="xs" c="red.8">
                    {translateServerMessage('This sale has more items than one shipment can list.')}
                  </Text>
                )}
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
