import { LOCKER_SIZE_CLASSES, type LockerSizeClass } from '../pricing/product-facts';

// The doors of a locker column, smallest (XS) at the top, as drawn heights in the 24 × 36 view box.
// They only order the classes from small to large: no source publishes Latvijas Pasts' sides per
// class (shared/data/tariffs.md §6), so the picture claims no proportions; the text beside it says so.
const DOOR_HEIGHTS: Readonly<Record<LockerSizeClass, number>> = { xs: 3, s: 4, m: 5, l: 7, xl: 9 };
const GAP = 1;
const TOP = 2.5;

/**
 * A parcel locker column with the chosen size class's door filled. Decorative: hidden from
 * assistive technology (aria-hidden), the size is always written as text beside it.
 */
export function LockerSizePictogram({ size }: { size: LockerSizeClass }) {
  let y = TOP;
  const doors = LOCKER_SIZE_CLASSES.map((each) => {
    const door = { size: each, y, height: DOOR_HEIGHTS[each] };
    y += DOOR_HEIGHTS[each] + GAP;
    return door;
  });
  return (
    <svg
      width={18}
      height={27}
      viewBox="0 0 24 36"
      aria-hidden="true"
      focusable="false"
      data-testid={`locker-pictogram-${size}`}
      style={{ flex: 'none', verticalAlign: 'middle' }}
    >
      <rect x={1} y={0.5} width={22} height={35} rx={2} fill="none" stroke="currentColor" strokeWidth={1} />
      {doors.map((door) => (
        <rect
          key={door.size}
          x={4}
          y={door.y}
          width={16}
          height={door.height}
          rx={0.5}
          fill={door.size === size ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth={0.75}
        />
      ))}
    </svg>
  );
}
