import { NavLink } from '@portal/shared-contracts/router';
import { Anchor } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';
import { localize } from '../remotes/remote-catalogue';
import { useVisibleNav } from './use-visible-nav';

/** The navigation entries, for the header bar and for the mobile menu. */
export function NavLinks({ vertical, onNavigate }: { vertical: boolean; onNavigate: () => void }) {
  const { i18n } = useTranslation('shell');
  return useVisibleNav().map((item) => (
    <Anchor
      key={item.to}
      component={NavLink}
      to={item.to}
      onClick={onNavigate}
      fw={500}
      size="sm"
      c="inherit"
      py={vertical ? 'xs' : 0}
      data-owner={item.owner}
    >
      {localize(item.label, i18n.language)}
    </Anchor>
  ));
}
