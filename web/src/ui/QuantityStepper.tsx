import { useEffect, useState } from 'react';
import { settleQuantity, stepQuantity, type QuantityCap } from './quantity';

type Props = {
  value: number;
  zbz: number;
  stock: number;
  onChange: (n: number) => void;
  disabled?: boolean;
  size?: 'small' | 'normal';
  /** The goods' unit (盒), in what the box says. */
  unit?: string;
  /** `limit` when `stock` is a promotion's daily limit rather than the stock. */
  cap?: QuantityCap;
};

/**
 * − [n] + in middle-package steps. A typed number settles on blur or Enter; when it is not what the buyer typed,
 * the box says why beside it (数量至少为10, 请按中包装10的倍数购买, 库存不足，最多可购买2560盒) until the next change.
 */
export function QuantityStepper({ value, zbz, stock, onChange, disabled = false, size = 'normal', unit = '', cap = 'stock' }: Props) {
  const [text, setText] = useState(String(value));
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    if (text === String(value)) return;
    const settled = settleQuantity(text, { current: value, zbz, stock, unit, cap });
    setText(String(settled.value));
    setNote(settled.note);
    if (settled.value !== value) onChange(settled.value);
  };
  const step = (direction: 1 | -1) => {
    setNote(null);
    onChange(stepQuantity(value, zbz, direction, stock));
  };
  return (
    <span className={`yct-stepper yct-stepper--${size}`} data-testid="quantity-stepper">
      <button type="button" aria-label="减少" disabled={disabled || value <= zbz} onClick={() => step(-1)} data-testid="quantity-minus">
        −
      </button>
      <input
        value={text}
        inputMode="numeric"
        aria-label="数量"
        aria-invalid={note ? true : undefined}
        disabled={disabled}
        onChange={(e) => {
          setNote(null);
          setText(e.target.value.replace(/\D/g, '').slice(0, 6));
        }}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
        data-testid="quantity-input"
      />
      <button type="button" aria-label="增加" disabled={disabled || value + zbz > stock} onClick={() => step(1)} data-testid="quantity-plus">
        +
      </button>
      {note ? (
        <span className="yct-stepper__note" role="alert" data-testid="quantity-note">
          {note}
        </span>
      ) : null}
    </span>
  );
}
