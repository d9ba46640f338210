import { Input, type InputProps } from 'antd';
import { sanitizeNumber, type NumberMode } from '../lib/numberInput';

export interface NumberInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  /** 0 integers; 1, 2, 3: at most that many decimals. */
  mode?: NumberMode;
  value?: string;
  onChange?: (value: string) => void;
}

/** A text input that keeps digits and one dot only (spec section 5). */
export default function NumberInput({ mode = 0, value, onChange, ...props }: NumberInputProps) {
  return (
    <Input
      {...props}
      inputMode={mode === 0 ? 'numeric' : 'decimal'}
      value={value}
      onChange={(event) => onChange?.(sanitizeNumber(event.target.value, mode))}
    />
  );
}
