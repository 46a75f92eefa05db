import { formatMoney, nameProblem, toDisplayDate } from '@portal/shared-contracts';
import { type EbayMoney, type EbaySale, orderDraftOfSale, saleProblems } from '@portal/shared-contracts/ebay';
import { usePlatform } from '@portal/shared-contracts/react';
import { Link, useNavigate } from '@portal/shared-contracts/router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@portal/shared-contracts/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { EBAY_SALES_PARAMETER, savedCodes } from '../../shared/ebay-sales/ship-together';
import { createOrder } from '../../shared/order';

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
 * the tracking number goes to eBay and the sale shows the fulfilment's progress. Several sales
 * ticked go together through the bulk path ("Ship selected" → /bulk-orders): one order, paid once.
 */
export function EbaySalesTab() {
  const { t } = useTranslation(NAMESPACE);
  const { api, session, translateServerMessage } = usePlatform();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accountId = session?.status === 'authenticated' ? (session.activeAccount?.id ?? null) : null;
  const sales = useQuery({
    queryKey: salesKey,
    queryFn: ({ signal }) => api.GET('/api/ebay/sales', { signal }),
  });
  const refresh = useMutation({
    mutationFn: () => api.POST('/api/ebay/sales/refresh', { body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKey }),
  });
  // Names corrected in place (issue 40 item 6): the buyer's name as the order will carry it.
  const [names, setNames] = useState<ReadonlyMap<number, string>>(new Map());
  const nameOf = (sale: EbaySale) => names.get(sale.id) ?? sale.buyer.name;
  const ship = useMutation({
    mutationFn: async ({ sale, name }: { sale: EbaySale; name: string }) => {
      const saved = await savedCodes(api, accountId);
      const draft = orderDraftOfSale(sale, { saved });
      const lines = draft.orderLines.map((line) => ({
        ...line,
        receiver: line.receiver && { ...line.receiver, name },
      }));
      const order = await createOrder(api, { ...draft, orderLines: lines, account: accountId });
      await api.POST('/api/ebay/sales/{id}/shipment', { path: { id: String(sale.id) }, body: { order: order['@id'] } });
      return order.key;
    },
    onSuccess: (key) => navigate(`/orders/parcel/${encodeURIComponent(key)}`),
  });

  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const members = sales.data?.['hydra:member'] ?? [];
  // Only what can still be shipped together counts (a sale shipped meanwhile drops out).
  const chosen = members
    .filter((sale) => selected.has(sale.id) && sale.state !== 'shipped' && saleProblems(sale).length === 0)
    .map((sale) => sale.id);
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
        <Group gap="xs">
          <Button
            disabled={chosen.length === 0}
            onClick={() => navigate(`/bulk-orders?${EBAY_SALES_PARAMETER}=${chosen.join(',')}`)}
            data-testid="ebay-ship-selected"
          >
            {t('ebay.shipSelected', { count: chosen.length })}
          </Button>
          <Button variant="light" onClick={() => refresh.mutate()} loading={refresh.isPending}>
            {t('ebay.refresh')}
          </Button>
        </Group>
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
        const name = nameOf(sale);
        // A name in another script breaks the Latin-only rule: fixed here before "Ship", never a dead end.
        const nameFix = sale.state === 'waiting' && nameProblem(sale.buyer.name) !== null;
        const nameBroken = nameProblem(name) !== null;
        const orderKey = sale.order?.replace(/^\/api\/orders\//, '') ?? null;
        return (
          <Paper key={sale.id} withBorder p="md" data-testid={`ebay-sale-${sale.ebayOrderId}`}>
            <Group justify="space-between" align="flex-start">
              <Stack gap={4}>
                <Group gap="xs" wrap="nowrap">
                  {sale.state !== 'shipped' && blockers.length === 0 && (
                    <Checkbox
                      checked={selected.has(sale.id)}
                      onChange={(event) => toggle(sale.id, event.currentTarget.checked)}
                      aria-label={t('ebay.selectNamed', { name: sale.buyer.name })}
                    />
                  )}
                  <Text fw={600}>{sale.buyer.name}</Text>
                </Group>
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
                {nameFix && (
                  <NameFix
                    name={name}
                    original={sale.buyer.name}
                    onChange={(value) => setNames((current) => new Map(current).set(sale.id, value))}
                  />
                )}
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
                    disabled={blockers.length > 0 || nameBroken}
                    loading={ship.isPending && ship.variables?.sale.id === sale.id}
                    onClick={() => ship.mutate({ sale, name })}
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

/**
 * The buyer's name in Latin letters, edited in place, its rule's words beside it, and the
 * transliteration offered (shared-contracts people/latin-name, loaded only when a name needs it).
 */
function NameFix({ name, original, onChange }: { name: string; original: string; onChange: (name: string) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { translateServerMessage } = usePlatform();
  const suggestion = useQuery({
    queryKey: ['latin-name', original],
    queryFn: async () => (await import('@portal/shared-contracts/people/latin-name')).latinNameSuggestion(original),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const problem = nameProblem(name);
  const offer = suggestion.data ?? null;
  return (
    <Stack gap={4} data-testid="ebay-name-fix">
      <TextInput
        size="sm"
        label={t('ebay.nameFixLabel')}
        description={t('ebay.nameFixHint')}
        value={name}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={problem ? translateServerMessage(problem) : null}
      />
      {offer && offer !== name && (
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => onChange(offer)}
            data-testid="ebay-use-transliteration"
          >
            {t('ebay.useTransliteration', { name: offer })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
