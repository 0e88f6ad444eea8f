import { useEffect, useState } from 'react';
import { normaliseQuantity, stepQuantity } from './quantity';

type Props = { value: number; zbz: number; stock: number; onChange: (n: number) => void; disabled?: boolean; size?: 'small' | 'normal' };

/** − [n] + in middle-package steps; a typed number settles to whole packages on blur or Enter. */
export function QuantityStepper({ value, zbz, stock, onChange, disabled = false, size = 'normal' }: Props) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const n = normaliseQuantity(Number(text), zbz, stock);
    setText(String(n));
    if (n !== value) onChange(n);
  };
  return (
    <span className={`yct-stepper yct-stepper--${size}`} data-testid="quantity-stepper">
      <button
        type="button"
        aria-label="减少"
        disabled={disabled || value <= zbz}
        onClick={() => onChange(stepQuantity(value, zbz, -1, stock))}
        data-testid="quantity-minus"
      >
        −
      </button>
      <input
        value={text}
        inputMode="numeric"
        aria-label="数量"
        disabled={disabled}
        onChange={(e) => setText(e.target.value.replace(/\D/g, '').slice(0, 6))}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
        data-testid="quantity-input"
      />
      <button
        type="button"
        aria-label="增加"
        disabled={disabled || value + zbz > stock}
        onClick={() => onChange(stepQuantity(value, zbz, 1, stock))}
        data-testid="quantity-plus"
      >
        +
      </button>
    </span>
  );
}
