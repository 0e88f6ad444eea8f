/**
 * The confirmation before the balance or the credit line pays: the amount, the instrument (余额 / 授信) and what
 * it pays for, and the six-digit payment password. A buyer who has none yet (or forgot it) sets it here with the
 * SMS code, and the payment goes on with it. A wrong password is told under the boxes with the tries left; the
 * lock after five says how long it lasts. The pay page and the credit repayment both open it.
 */
import './pay-password.css';
import { LockOutlined, SafetyCertificateFilled } from '@ant-design/icons';
import { Modal } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Code } from '@core/codes';
import { PAY_PASSWORD_LOCK_MINUTES, PAY_PASSWORD_MAX_TRIES } from '@core/constants';
import { yuanToFen } from '@core/money';
import { isApiError } from '@/api/client';
import { useUserBase } from '@/lib/session/get-user-base';
import { PayPasswordEntry, type PayPasswordError } from './PayPasswordEntry';
import { PayPasswordSetup } from './PayPasswordSetup';
import type { PayPasswordRef } from './PayPasswordInput';
import { PaySummary, type PayInstrument } from './PaySummary';

type Props = {
  open: boolean;
  /** 确认付款 / 确认还款. */
  title?: string;
  /** 付款金额 / 还款金额. */
  amountLabel?: string;
  /** In yuan, as the server sends money. */
  amount: string;
  instrument: PayInstrument;
  /** The instrument's figure now (yuan), when known. */
  available?: string | null;
  /** What is paid: rows such as 订单编号. */
  details?: { label: string; value: ReactNode }[];
  /** Pays with the password; rejects with the server's refusal. */
  onSubmit: (password: string) => Promise<unknown>;
  onCancel: () => void;
  submitText?: string;
};

type Mode = 'enter' | 'set' | 'reset';

export function PayConfirmModal({
  open,
  title = '确认付款',
  amountLabel = '付款金额',
  amount,
  instrument,
  available,
  details = [],
  onSubmit,
  onCancel,
  submitText = '确认付款',
}: Props) {
  const user = useUserBase().data;
  const hasPassword = user?.has_pay_password === 1;
  const [mode, setMode] = useState<Mode>('enter');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<PayPasswordError | null>(null);
  const [paying, setPaying] = useState(false);
  const boxes = useRef<PayPasswordRef>(null);

  useEffect(() => {
    if (!open) return;
    setMode('enter');
    setPin('');
    setError(null);
  }, [open]);

  const shown: Mode = hasPassword ? mode : 'set';
  const short = available !== null && available !== undefined && yuanToFen(available) < yuanToFen(amount);

  const pay = async (password: string) => {
    if (paying) return;
    setError(null);
    setPaying(true);
    try {
      await onSubmit(password);
    } catch (e) {
      if (isApiError(e)) {
        const wrong = e.fieldErrors.pay_password?.[0];
        if (wrong || e.code === Code.tooMany) {
          setMode('enter');
          setPin('');
          setError({ text: wrong ?? e.message, locked: !wrong });
          setTimeout(() => boxes.current?.focus(), 0);
        }
      }
      // Anything else (too little balance, a cancelled order) the client has shown as 温馨提示.
    } finally {
      setPaying(false);
    }
  };

  let body: ReactNode;
  if (!user) body = null;
  else if (shown !== 'enter') {
    body = (
      <PayPasswordSetup
        user={user}
        mode={shown}
        submitText={submitText}
        onDone={(password) => {
          setMode('enter');
          void pay(password);
        }}
        onBack={() => setMode('enter')}
      />
    );
  } else {
    body = (
      <PayPasswordEntry
        pin={pin}
        onPinChange={(v) => {
          setPin(v);
          if (error && !error.locked) setError(null);
        }}
        error={error}
        paying={paying}
        short={short}
        submitText={submitText}
        onPay={(password) => void pay(password)}
        onForgot={() => setMode('reset')}
        onCancel={onCancel}
        boxes={boxes}
      />
    );
  }

  return (
    <Modal
      open={open}
      title={
        <span className="yct-paycf__title">
          <SafetyCertificateFilled /> {shown === 'enter' ? title : shown === 'set' ? '设置支付密码' : '重置支付密码'}
        </span>
      }
      footer={
        <p className="yct-paycf__foot">
          <LockOutlined /> 支付密码用于余额支付、账期支付和余额还款，连续输错{PAY_PASSWORD_MAX_TRIES}次将锁定{PAY_PASSWORD_LOCK_MINUTES}分钟
        </p>
      }
      onCancel={onCancel}
      width={shown === 'enter' ? 460 : 560}
      centered
      destroyOnHidden
      maskClosable={false}
      className="yct-paycf"
    >
      <div data-testid="paycf" data-mode={shown}>
        <PaySummary amountLabel={amountLabel} amount={amount} instrument={instrument} available={available} short={short} details={details} />
        {body}
      </div>
    </Modal>
  );
}
