/**
 * A cart line's quantity: the stepper shows the buyer's number at once and the change is sent once the
 * clicks stop, so that three quick clicks make one request; what the server answers then shows.
 */
import { useEffect, useRef, useState } from 'react';
import type { CartLine } from '@core/schemas/cart';
import { QuantityStepper } from '@/ui/QuantityStepper';
import { useEditCartNumber } from '../api/edit-cart-number';

const SEND_AFTER_MS = 350;
/** Bundles of a combination have no stock figure of their own. */
const BUNDLE_MAX = 9999;

export function LineQuantity({ line, disabled = false }: { line: CartLine; disabled?: boolean }) {
  const edit = useEditCartNumber();
  const [value, setValue] = useState(line.number);
  const timer = useRef<number | undefined>(undefined);
  const server = line.number;
  useEffect(() => {
    if (timer.current === undefined) setValue(server);
  }, [server]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const bundle = line.type === 3;
  const step = bundle ? 1 : Math.max(1, line.goods?.zbz ?? 1);
  const stock = bundle ? BUNDLE_MAX : Math.max(step, line.goods?.number ?? step, line.number);
  const change = (n: number) => {
    setValue(n);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      if (line.id === null || n === server) return;
      edit.mutate({ id: line.id, number: n }, { onError: () => setValue(server) });
    }, SEND_AFTER_MS);
  };
  return (
    <QuantityStepper
      value={value}
      zbz={step}
      stock={stock}
      onChange={change}
      disabled={disabled}
      size="small"
      unit={bundle ? '套' : (line.goods?.bzdw ?? '')}
    />
  );
}
