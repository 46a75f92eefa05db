import { ROLE_MAIN_ADMIN } from '@portal/shared-contracts/account';
import { usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Paper, Stack, Text, Title } from '@portal/shared-contracts/ui';
import type { ComponentType } from 'react';
import { catalogues, NAMESPACE } from '../../../i18n';
import { ApiKeysSection } from '../api-keys/ApiKeysSection';
import { WebhooksSection } from '../webhooks/WebhooksSection';
import { EbayState } from './EbayState';

/**
 * One marketplace the account can link (SPEC §1 "online-marketplace (eBay) integration").
 * The extension point of the Integrations tab: an integration is one entry of INTEGRATIONS with
 * its name and the component that shows its state and actions for the active account.
 */
export interface Integration {
  id: string;
  /** The marketplace's own name, the same in every language. */
  name: string;
  /** The account's link with the marketplace: its state, and the actions that change it. */
  State: ComponentType;
}

export const INTEGRATIONS: readonly Integration[] = [{ id: 'ebay', name: 'eBay', State: EbayState }];

/**
 * The Integrations tab: each marketplace with the account's link to it, and, for a company
 * account's main administrators, its API keys (issue 20 item 2) and webhooks (item 3).
 */
export function IntegrationsTab() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { session } = usePlatform();
  const account = session?.activeAccount;
  const role = session?.user?.userAccounts.find((link) => link.account.id === account?.id)?.role;
  return (
    <Stack gap="md">
      <Text>{t('settings.integrations.intro')}</Text>
      {INTEGRATIONS.map(({ id, name, State }) => (
        <Paper key={id} withBorder p="md" data-testid={`integration-${id}`}>
          <Title order={2} size="h4" mb="xs">
            {name}
          </Title>
          <State />
        </Paper>
      ))}
      <ApiKeysSection />
      {account?.type === 'company' && role === ROLE_MAIN_ADMIN && <WebhooksSection accountId={account.id} />}
    </Stack>
  );
}
