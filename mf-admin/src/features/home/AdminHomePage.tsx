import { mayOpenAdminPath } from '@portal/shared-contracts/admin';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';

/** One entry of the navigation: where it leads and its label (`adminNav.items.<key>`). */
interface AdminNavItem {
  path: string;
  key: string;
}

/**
 * SPEC §2's admin navigation groups, in its order and with its entries: administrator (user
 * management); content (CMS, advertising blocks, notification banner, footer, tooltips,
 * classifier); search (orders, clients); submissions (workflows, services, complaints);
 * notifications (overview, SMS, email); discounts; reports (audit, analytics); settings (calendar,
 * cache); archive (deleted profiles, archived orders). Advertising blocks, footer and tooltips are
 * CMS blocks of their kind; the classifier is the post offices and parcel lockers.
 */
export const ADMIN_NAV_GROUPS: readonly { key: string; items: readonly AdminNavItem[] }[] = [
  { key: 'administrator', items: [{ path: '/admin/users', key: 'users' }] },
  {
    key: 'content',
    items: [
      { path: '/admin/cms', key: 'cms' },
      { path: '/admin/cms?kind=advert', key: 'adverts' },
      { path: '/admin/notifications/banner', key: 'banner' },
      { path: '/admin/cms?kind=footer', key: 'footer' },
      { path: '/admin/cms?kind=tooltip', key: 'tooltips' },
      { path: '/admin/locations', key: 'locations' },
    ],
  },
  {
    key: 'search',
    items: [
      { path: '/admin/orders', key: 'orders' },
      { path: '/admin/users/applications', key: 'clients' },
    ],
  },
  {
    key: 'submissions',
    items: [
      { path: '/admin/work_flows', key: 'workflows' },
      { path: '/admin/tariffs', key: 'tariffs' },
      { path: '/admin/complaints', key: 'complaints' },
    ],
  },
  {
    key: 'notifications',
    items: [
      { path: '/admin/notifications', key: 'notifications' },
      { path: '/admin/notifications/create?channel=sms', key: 'sms' },
      { path: '/admin/notifications/create?channel=email', key: 'email' },
    ],
  },
  { key: 'discounts', items: [{ path: '/admin/discounts', key: 'discounts' }] },
  {
    key: 'reports',
    items: [
      { path: '/admin/audit', key: 'audit' },
      { path: '/admin/reports', key: 'reports' },
    ],
  },
  {
    key: 'settings',
    items: [
      { path: '/admin/calendar', key: 'calendar' },
      { path: '/admin/cache', key: 'cache' },
    ],
  },
  {
    key: 'archive',
    items: [
      { path: '/admin/archive', key: 'archive' },
      { path: '/admin/archive?tab=orders', key: 'archivedOrders' },
    ],
  },
];

/** Every section the navigation leads to, once (the roles' checks and tests read it). */
export const ADMIN_SECTIONS = ADMIN_NAV_GROUPS.flatMap((group) => group.items);

/**
 * `/admin`: the index of the back office (SPEC §2 admin routes): the navigation groups with their
 * headings, each holding the sections the user's roles open; a group with none is left out.
 */
export default function AdminHomePage() {
  const { t } = useTranslation(NAMESPACE);
  const { session } = usePlatform();
  const roles = session?.user?.adminRoles;
  const groups = ADMIN_NAV_GROUPS.map((group) => ({
    ...group,
    items: group.items.filter((item) => mayOpenAdminPath(roles, item.path.split('?')[0] ?? item.path)),
  })).filter((group) => group.items.length > 0);
  return (
    <>
      <PageHeading>{t('pages.admin')}</PageHeading>
      <nav aria-label={t('nav.sections')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {groups.map((group) => (
            <Card
              key={group.key}
              withBorder
              padding="md"
              radius="md"
              component="section"
              aria-labelledby={`admin-group-${group.key}`}
            >
              <Title order={2} size="h5" id={`admin-group-${group.key}`} mb="xs">
                {t(`adminNav.groups.${group.key}`)}
              </Title>
              <Stack component="ul" gap={6} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {group.items.map((item) => (
                  <li key={item.path}>
                    <Anchor component={Link} to={item.path} fw={600}>
                      {t(`adminNav.items.${item.key}`)}
                    </Anchor>
                  </li>
                ))}
              </Stack>
              <Text size="sm" c="gray.7" mt="xs">
                {t(`adminNav.descriptions.${group.key}`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </nav>
    </>
  );
}
