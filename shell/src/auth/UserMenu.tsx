import { Link } from '@portal/shared-contracts/router';
import { Button } from '@portal/shared-contracts/ui';
import { Menu } from '@portal/shared-contracts/ui/overlays';
import { useTranslation } from 'react-i18next';
import { setActiveAccount, signOut, useSessionStore } from './session-store';

export default function UserMenu() {
  const { t } = useTranslation('shell');
  const user = useSessionStore((state) => state.user);
  const activeAccount = useSessionStore((state) => state.activeAccount);
  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || '';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="subtle" aria-label={t('auth.userMenuOf', { name })} data-testid="user-menu">
          <span data-testid="user-name">{name}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('auth.accounts')}</Menu.Label>
        {user.userAccounts.map(({ account }) => (
          <Menu.Item
            key={account.id}
            onClick={() => setActiveAccount(account.id)}
            aria-current={account.id === activeAccount?.id ? 'true' : undefined}
            fw={account.id === activeAccount?.id ? 700 : 400}
            data-testid={`account-${account.id}`}
          >
            {account.type === 'company'
              ? t('auth.companyAccount', { name: account.companyName ?? account.email ?? account.id })
              : t('auth.privateAccount')}
            {account.id === activeAccount?.id ? ` (${t('auth.active')})` : ''}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to="/user/profile">
          {t('auth.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/settings" data-testid="settings-link">
          {t('auth.settings')}
        </Menu.Item>
        <Menu.Item component={Link} to="/user/discounts" data-testid="my-discounts-link">
          {t('auth.discounts')}
        </Menu.Item>
        {user.isAdmin && (
          <Menu.Item component={Link} to="/admin" data-testid="admin-link">
            {t('auth.admin')}
          </Menu.Item>
        )}
        <Menu.Item onClick={() => void signOut()} data-testid="sign-out">
          {t('auth.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
