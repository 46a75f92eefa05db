import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs, type Crumb } from '../../shared/list';

/** Breadcrumbs of the products pages (SPEC §2: list, create, update and show pages have them). */
export function ProductBreadcrumbs({ trail }: { trail: Crumb[] }) {
  const { t } = useTranslation(NAMESPACE);
  // On the list itself the products' level is the current page, not a link to itself.
  const products =
    trail.length > 0 ? { label: t('pages.workflows'), to: '/admin/work_flows' } : { label: t('pages.workflows') };
  return <Breadcrumbs items={[products, ...trail]} />;
}
