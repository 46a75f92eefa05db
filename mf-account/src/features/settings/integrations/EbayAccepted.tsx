import { fieldErrorsOf } from '@portal/shared-contracts';
import { usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Link, useSearchParams } from '@portal/shared-contracts/router';
import { Alert, Anchor, Group, Stack, Text } from '@portal/shared-contracts/ui';
import { useEffect, useRef } from 'react';
import { catalogues, NAMESPACE } from '../../../i18n';
import { messageOf, settingsField } from '../violations';
import { useAcceptEbayLink } from './ebay-api';

/**
 * `/user/ebay/accounts/accepted` (SPEC §2): where eBay sends the seller back after the consent page.
 * eBay's `state` and `code` (or `error`) go to the API once; the page says whether the account is
 * linked, and the profile page follows below it.
 */
export function EbayAccepted() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { translateServerMessage } = usePlatform();
  const [params] = useSearchParams();
  const accept = useAcceptEbayLink();
  const sent = useRef(false);
  const state = params.get('state');

  useEffect(() => {
    if (sent.current || !state) return;
    sent.current = true;
    const code = params.get('code');
    const error = params.get('error');
    accept.mutate({ state, ...(code ? { code } : {}), ...(error ? { error } : {}) });
  }, [state, params, accept]);

  if (!state) return null;
  const links = (
    <Group gap="md">
      <Anchor component={Link} to="/my-orders?tab=ebay">
        {t('settings.integrations.accepted.toSales')}
      </Anchor>
      <Anchor component={Link} to="/settings/integrations">
        {t('settings.integrations.accepted.toSettings')}
      </Anchor>
    </Group>
  );
  if (accept.isSuccess) {
    return (
      <Alert color="green" role="status" mb="lg" data-testid="ebay-accepted">
        <Stack gap="xs">
          <Text>{t('settings.integrations.accepted.done', { name: accept.data.name })}</Text>
          {links}
        </Stack>
      </Alert>
    );
  }
  if (accept.isError) {
    const violations = fieldErrorsOf(accept.error, settingsField);
    const why = violations?.state ?? violations?.code ?? messageOf(accept.error);
    return (
      <Alert color="red" role="alert" mb="lg" data-testid="ebay-accepted">
        <Stack gap="xs">
          <Text>
            {t('settings.integrations.accepted.failed')} {translateServerMessage(why)}
          </Text>
          {links}
        </Stack>
      </Alert>
    );
  }
  return (
    <Text c="dimmed" role="status" mb="lg">
      {t('settings.integrations.accepted.working')}
    </Text>
  );
}
