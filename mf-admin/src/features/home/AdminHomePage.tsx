import { mayOpenAdminPath } from '@portal/shared-contracts/admin';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Anchor, Card, SimpleGrid, Text } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';

/** The back office's sections, each a link with its page title and a line on what it holds. */
export const ADMIN_SECTIONS = [
  { path: '/admin/locations', key: 'locations' },
  { path: '/admin/cms', key: 'cms' },
  { path: '/admin/complaints', key: 'complaints' },
  { path: '/admin/users', key: 'users' },
  { path: '/admin/orders', key: 'orders' },
  { path: '/admin/work_flows', key: 'workflows' },
  { path: '/admin/tariffs', key: 'tariffs' },
  { path: '/admin/discounts', key: 'discounts' },
  { path: '/admin/notifications', key: 'notifications' },
  { path: '/admin/calendar', key: 'calendar' },
  { path: '/admin/cache', key: 'cache' },
  { path: '/admin/audit', key: 'audit' },
  { path: '/admin/archive', key: 'archive' },
  { path: '/admin/reports', key: 'reports' },
] as const;

/** `/admin`: the index of the back office (SPEC §2 admin routes): the sections the user's roles open. */
export default function AdminHomePage() {
  const { t } = useTranslation(NAMESPACE);
  const { session } = usePlatform();
  const sections = ADMIN_SECTIONS.filter((section) => mayOpenAdminPath(session?.user?.adminRoles, section.path));
  return (
    <>
      <PageHeading>{t('pages.admin')}</PageHeading>
      <nav aria-label={t('nav.sections')}>
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          component="ul"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {sections.map((section) => (
            <Card component="li" key={section.path} withBorder padding="md" radius="md">
              <Anchor component={Link} to={section.path} fw={600}>
                {t(`pages.${section.key}`)}
              </Anchor>
              <Text size="sm" c="gray.7" mt={4}>
                {t(`sections.${section.key}`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </nav>
    </>
  );
}
