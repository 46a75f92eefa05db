import { NavLink } from '@portal/shared-contracts/router';
import { Anchor } from '@portal/shared-contracts/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localize } from '../remotes/remote-catalogue';
import { useVisibleNav } from './use-visible-nav';

interface Props {
  vertical: boolean;
  onNavigate: () => void;
  /** The mobile menu's icon of an entry (the menu is a lazy chunk, so the header bar carries no icons). */
  iconOf?: (to: string) => ReactNode;
}

/** The navigation entries, for the header bar and for the mobile menu. */
export function NavLinks({ vertical, onNavigate, iconOf }: Props) {
  const { i18n } = useTranslation('shell');
  return useVisibleNav().map((item) => (
    <Anchor
      key={item.to}
      component={NavLink}
      to={item.to}
      onClick={onNavigate}
      fw={500}
      size={vertical ? 'md' : 'sm'}
      c="inherit"
      py={vertical ? 'sm' : 0}
      data-owner={item.owner}
      className="portal-nav-link"
      style={vertical ? { display: 'flex', alignItems: 'center', gap: 12 } : undefined}
    >
      {iconOf?.(item.to)}
      {localize(item.label, i18n.language)}
    </Anchor>
  ));
}
