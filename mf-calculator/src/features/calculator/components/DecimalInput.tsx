import { normaliseDecimalInput } from '@portal/shared-contracts';
import { TextInput, type TextInputProps } from '@portal/shared-contracts/ui';

interface DecimalInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
  /** Decimals allowed (0: whole numbers only). */
  decimals: number;
}

/**
 * A number field that cleans what is typed as SPEC §5 says (comma becomes point, other characters
 * dropped, decimals cut), so "1,5" and "1.5" both mean one and a half.
 */
export function DecimalInput({ value, onChange, decimals, ...props }: DecimalInputProps) {
  return (
    <TextInput
      {...props}
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(normaliseDecimalInput(event.currentTarget.value, decimals))}
    />
  );
}
