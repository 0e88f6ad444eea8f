/** Six masked boxes for the payment password (支付密码), digits only, as Chinese payment dialogs show it. */
import './pay-password.css';
import { Input, type GetRef } from 'antd';
import type { Ref } from 'react';

export type PayPasswordRef = GetRef<typeof Input.OTP>;

type Props = {
  /** The digits so far; an antd Form.Item passes it. */
  value?: string;
  /** Called at every digit typed or removed, with the digits so far. */
  onChange?: (value: string) => void;
  /** Called with the six digits when the last box is filled (to submit on Enter or at once). */
  onComplete?: (value: string) => void;
  status?: 'error';
  disabled?: boolean;
  autoFocus?: boolean;
  /** Smaller boxes, for a form row. */
  compact?: boolean;
  testId?: string;
  label?: string;
  ref?: Ref<PayPasswordRef>;
};

// Spaces stand for empty boxes while antd rebuilds the value: keep them, drop anything but digits.
const digitsOnly = (v: string) => v.replace(/[^\d ]/g, '');

export function PayPasswordInput({ value, onChange, onComplete, status, disabled, autoFocus, compact, testId, label = '支付密码', ref }: Props) {
  return (
    <Input.OTP
      ref={ref}
      length={6}
      mask="●"
      size={compact ? 'middle' : 'large'}
      value={value ?? ''}
      formatter={digitsOnly}
      onInput={(cells) => onChange?.(cells.join(''))}
      onChange={(full) => onComplete?.(full)}
      status={status}
      disabled={disabled}
      autoFocus={autoFocus}
      inputMode="numeric"
      autoComplete="off"
      aria-label={label}
      className={`yct-paypwd${compact ? ' is-compact' : ''}`}
      data-testid={testId}
    />
  );
}
