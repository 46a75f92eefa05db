import { PageHeading, usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { useNavigate, useParams } from '@portal/shared-contracts/router';
import { Center, Loader, Stack } from '@portal/shared-contracts/ui';
import { Tabs } from '@portal/shared-contracts/ui/forms';
import type { ComponentType } from 'react';
import { catalogues, NAMESPACE } from '../../i18n';
import { ProductClassificationTab } from './hs-codes/ProductClassificationTab';
import { IntegrationsTab } from './integrations/IntegrationsTab';
import { MyDataTab } from './my-data/MyDataTab';
import { PreferencesTab } from './preferences/PreferencesTab';

/** The tabs of /settings (SPEC §2), each at its own address: /settings/<tab>. */
export const SETTINGS_TABS = ['my-data', 'settings', 'product-classification', 'integrations'] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];
const isTab = (value: string | undefined): value is SettingsTab =>
  (SETTINGS_TABS as readonly string[]).includes(value ?? '');

const PANELS: Record<SettingsTab, ComponentType> = {
  'my-data': MyDataTab,
  settings: PreferencesTab,
  'product-classification': ProductClassificationTab,
  integrations: IntegrationsTab,
};

/** `/settings/:tab?` (login required): My data, Settings, Product classification, Integrations. */
export function SettingsPage() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { session, NotFound } = usePlatform();
  const { tab } = useParams();
  const navigate = useNavigate();
  if (tab !== undefined && !isTab(tab)) return <NotFound />;
  const active: SettingsTab = tab ?? 'my-data';
  if (!session?.user || !session.activeAccount) {
    return (
      <Center mih={240}>
        <Loader aria-label={t('settings.loading')} />
      </Center>
    );
  }
  return (
    <Stack gap="lg">
      <PageHeading>{t('pages.settings')}</PageHeading>
      {/* The address changes with the tab, so a tab can be linked to and Back returns to the one before. */}
      <Tabs value={active} onChange={(value) => value && navigate(`/settings/${value}`)}>
        <Tabs.List aria-label={t('pages.settings')}>
          {SETTINGS_TABS.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`settings-tab-${value}`}>
              {t(`settings.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {SETTINGS_TABS.map((value) => {
          const Panel = PANELS[value];
          // Every tab has its panel (each tab names one), but only the chosen one loads its data.
          return (
            <Tabs.Panel key={value} value={value} pt="md">
              {value === active && <Panel key={session.activeAccount?.id} />}
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </Stack>
  );
}
