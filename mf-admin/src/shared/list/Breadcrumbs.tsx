import { Link } from '@portal/shared-contracts/router';
import { Anchor, Group, Text } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';

export interface Crumb {
  label: string;
  /** Absent for the current page (the last crumb); a trail may also end at the level above, all links. */
  to?: string;
}

/**
 * The trail above every admin list, show, create or edit page (SPEC §2 "Breadcrumbs exist for
 * list, create, update and show pages"): a named navigation landmark holding an ordered list that
 * starts at the back office's index; the last crumb is the current page, marked for screen readers.
 */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation(NAMESPACE);
  const all: Crumb[] = [{ label: t('pages.admin'), to: '/admin' }, ...items];
  return (
    <nav aria-label={t('nav.breadcrumbs')}>
      <Group component="ol" gap={6} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {all.map((crumb, index) => (
          <Group component="li" key={crumb.to ?? `current:${crumb.label}`} gap={6}>
            {index > 0 && (
              <Text span size="sm" c="gray.7" aria-hidden="true">
                ›
              </Text>
            )}
            {crumb.to ? (
              <Anchor component={Link} to={crumb.to} size="sm">
                {crumb.label}
              </Anchor>
            ) : (
              <Text span size="sm" aria-current="page">
                {crumb.label}
              </Text>
            )}
          </Group>
        ))}
      </Group>
    </nav>
  );
}
