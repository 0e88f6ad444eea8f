/** The payment password step of a balance or credit payment: six boxes, the refusal under them, 忘记支付密码, cancel and pay. */
import { LockOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { Ref } from 'react';
import { PayPasswordInput, type PayPasswordRef } from './PayPasswordInput';

/** A wrong password (with the tries left) or the lock after too many. */
export type PayPasswordError = { text: string; locked: boolean };

type Props = {
  pin: string;
  onPinChange: (pin: string) => void;
  error: PayPasswordError | null;
  paying: boolean;
  /** Too little to pay with: paying is refused here. */
  short: boolean;
  submitText: string;
  onPay: (pin: string) => void;
  onForgot: () => void;
  onCancel: () => void;
  boxes: Ref<PayPasswordRef>;
};

export function PayPasswordEntry({ pin, onPinChange, error, paying, short, submitText, onPay, onForgot, onCancel, boxes }: Props) {
  return (
    <form
      className="yct-paycf__enter"
      onSubmit={(e) => {
        e.preventDefault();
        if (pin.length === 6 && !short) onPay(pin);
      }}
    >
      <div className="yct-paycf__prompt">
        <span>请输入6位数字支付密码</span>
        <button type="button" className="yct-paycf__forgot" onClick={onForgot} data-testid="paycf-forgot">
          忘记支付密码？
        </button>
      </div>
      <PayPasswordInput ref={boxes} value={pin} onChange={onPinChange} status={error ? 'error' : undefined} autoFocus testId="paycf-password" />
      <p className={`yct-paycf__error${error?.locked ? ' is-locked' : ''}`} role="alert" data-testid="paycf-error">
        {error ? (
          <>
            {error.locked ? <LockOutlined /> : null} {error.text}
          </>
        ) : null}
      </p>
      <div className="yct-paycf__actions">
        <Button size="large" onClick={onCancel} data-testid="paycf-cancel">
          取消
        </Button>
        <Button type="primary" htmlType="submit" size="large" loading={paying} disabled={pin.length !== 6 || short} data-testid="paycf-submit">
          {submitText}
        </Button>
      </div>
    </form>
  );
}
