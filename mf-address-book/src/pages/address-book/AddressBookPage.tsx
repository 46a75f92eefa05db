import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Alert, Button, Center, Loader, Text } from '@portal/shared-contracts/ui';
import { Tabs } from '@portal/shared-contracts/ui/forms';
import { useTranslation } from 'react-i18next';
import { GroupsTab } from '../../features/groups';
import { NAMESPACE } from '../../i18n';
import { ContactsTab } from './ContactsTab';

/** SPEC §2 `/address-book` (login required): tabs Contacts and Groups of the active account's book. */
export function AddressBookPage() {
  const { t } = useTranslation(NAMESPACE);
  const { session } = usePlatform();
  const account = session?.activeAccount?.id ?? null;
  return (
    <>
      <PageHeading>{t('pages.addressBook')}</PageHeading>
      {session?.status === 'loading' ? (
        <Center mih={160}>
          <Loader aria-label={t('list.loading')} />
        </Center>
      ) : session?.status !== 'authenticated' ? (
        <Alert color="blue" title={t('signIn.title')} data-testid="address-book-sign-in">
          <Text size="sm" mb="sm">
            {t('signIn.text')}
          </Text>
          <Button onClick={() => session?.signIn()}>{t('signIn.button')}</Button>
        </Alert>
      ) : (
        <Tabs defaultValue="contacts" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="contacts">{t('tabs.contacts')}</Tabs.Tab>
            <Tabs.Tab value="groups">{t('tabs.groups')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="contacts">
            <ContactsTab account={account} />
          </Tabs.Panel>
          <Tabs.Panel value="groups">
            <GroupsTab account={account} />
          </Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}
