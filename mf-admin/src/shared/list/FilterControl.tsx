import { SegmentedControl, useMediaQuery } from '@portal/shared-contracts/ui';
import type { ComponentProps } from 'react';

type FilterControlProps = Omit<
  ComponentProps<typeof SegmentedControl>,
  'orientation' | 'fullWidth' | 'value' | 'onChange'
> & {
  value: string;
  onChange: (value: string) => void;
};

/**
 * A list's filter of a few choices: side by side where they fit, one under the other on a phone
 * (issue 40: the content blocks' six kinds made a 642 px control on a 390 px screen, and the
 * discounts' kinds were cut in Latvian).
 */
export function FilterControl({ onChange, ...props }: FilterControlProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <SegmentedControl
      {...props}
      onChange={(value) => onChange(String(value))}
      orientation={narrow ? 'vertical' : 'horizontal'}
      fullWidth={narrow}
    />
  );
}
