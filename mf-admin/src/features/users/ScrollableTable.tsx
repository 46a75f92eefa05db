import { Table } from '@portal/shared-contracts/ui/table';
import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on narrow screens. The scrolling box is a named region that
 * takes keyboard focus, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollableTable({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}
