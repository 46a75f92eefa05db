import { Anchor, Button } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';

export type SortDirection = 'asc' | 'desc';

export interface SortHeaderProps {
  label: string;
  /** Whether the list is sorted by this column now. */
  active: boolean;
  direction: SortDirection;
  onSort: () => void;
  /** The button's accessible name when it should say more than the visible label (it must start with it). */
  ariaLabel?: string;
  /** The arrows shown beside the label of the active column. */
  arrows?: { asc: string; desc: string };
  /** `link` draws the control as a bold text link (a header-like look), `button` as a subtle button. */
  variant?: 'button' | 'link';
  /** Buttons' colour (Mantine); the default is the theme's primary. */
  color?: string;
  scope?: 'col';
}

/**
 * A sortable column header: `aria-sort` on the header cell and one button that sorts the list by
 * this column (or flips the order when it already does), its arrow showing the current order.
 */
export function SortHeader({
  label,
  active,
  direction,
  onSort,
  ariaLabel,
  arrows = { asc: '▲', desc: '▼' },
  variant = 'button',
  color,
  scope,
}: SortHeaderProps) {
  const text = active ? `${label} ${arrows[direction]}` : label;
  return (
    <Table.Th scope={scope} aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      {variant === 'link' ? (
        <Anchor component="button" type="button" size="sm" fw={700} onClick={onSort} aria-label={ariaLabel}>
          {text}
        </Anchor>
      ) : (
        <Button variant="subtle" size="compact-sm" px={0} color={color} onClick={onSort} aria-label={ariaLabel}>
          {text}
        </Button>
      )}
    </Table.Th>
  );
}
