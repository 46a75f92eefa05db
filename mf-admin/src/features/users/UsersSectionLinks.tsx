import { Link } from '@portal/shared-contracts/router';
import { Anchor, Group } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';

const LINKS = [
  { key: 'users', to: '/admin/users' },
  { key: 'applications', to: '/admin/users/applications' },
  { key: 'deletedProfiles', to: '/admin/archive' },
] as const;

/** The pages of the users section side by side: users, company applications, deleted profiles (archive). */
export function UsersSectionLinks({ current }: { current: (typeof LINKS)[number]['key'] }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Group component="nav" aria-label={t('users.sectionLinks')} gap="md">
      {LINKS.map((link) => (
        <Anchor
          key={link.key}
          component={Link}
          to={link.to}
          fw={link.key === current ? 700 : 400}
          aria-current={link.key === current ? 'page' : undefined}
        >
          {t(`users.links.${link.key}`)}
        </Anchor>
      ))}
    </Group>
  );
}
