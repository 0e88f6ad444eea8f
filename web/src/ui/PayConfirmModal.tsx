/**
 * The confirmation before the balance or the credit line pays: the amount, the instrument (余额 / 授信) and what
 * it pays for, and the six-digit payment password. A buyer who has none yet (or forgot it) sets it here with the
 * SMS code, and the payment goes on with it. A wrong password is told under the boxes with the tries left; the
 * lock after five says how long it lasts. The pay page and the credit repayment both open it.
 */
import './pay-password.css';
import { LockOutlined, SafetyCertificateFilled } from '@ant-design/icons';
import { Alert, Button, Modal } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Code } from '@core/codes';
import { PAY_PASSWORD_LOCK_MINUTES, PAY_PASSWORD_MAX_TRIES } from '@core/constants';
import { formatMoney, yuanToFen } from '@core/money';
import { isApiError } from '@/api/client';
import { useUserBase } from '@/lib/session/get-user-base';
import { PayPasswordInput, type PayPasswordRef } from './PayPasswordInput';
import { SetPayPasswordForm } from './SetPayPasswordForm';

type PayInstrument = 'balance' | 'credit';

const INSTRUMENT: Record<PayInstrument, { name: string; tag: string; available: string }> = {
  balance: { name: '账户余额', tag: '余额', available: '可用余额' },
  credit: { name: '账期授信', tag: '授信', available: '可用额度' },
};

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
  const [error, setError] = useState<{ text: string; locked: boolean } | null>(null);
  const [paying, setPaying] = useState(false);
  const boxes = useRef<PayPasswordRef>(null);

  useEffect(() => {
    if (!open) return;
    setMode('enter');
    setPin('');
    setError(null);
  }, [open]);

  const shown: Mode = hasPassword ? mode : 'set';
  const info = INSTRUMENT[instrument];
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

  const summary = (
    <div className="yct-paycf__sum" data-testid="paycf-summary">
      <div className="yct-paycf__amount">
        <span className="yct-paycf__label">{amountLabel}</span>
        <strong data-testid="paycf-amount">{formatMoney(yuanToFen(amount))}</strong>
      </div>
      <dl className="yct-paycf__rows">
        <div>
          <dt>付款方式</dt>
          <dd data-testid="paycf-instrument">
            <span className={`yct-paycf__tag is-${instrument}`}>{info.tag}</span>
            {info.name}
            {available !== null && available !== undefined ? (
              <span className={short ? 'yct-paycf__short' : 'yct-paycf__avail'}>
                （{info.available} {formatMoney(yuanToFen(available))}
                {short ? '，不足' : ''}）
              </span>
            ) : null}
          </dd>
        </div>
        {details.map((d) => (
          <div key={d.label}>
            <dt>{d.label}</dt>
            <dd>{d.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );

  let body: ReactNode;
  if (!user) body = null;
  else if (shown !== 'enter' && user.actor) {
    body = (
      <Alert
        type="info"
        showIcon
        title="总部代门店付款时，使用总部账号的支付密码"
        description="总部账号尚未设置支付密码，请返回总部账号后在“账户中心-基本信息”中设置。"
        data-testid="paycf-acting"
      />
    );
  } else if (shown !== 'enter') {
    body = (
      <>
        <Alert
          type={shown === 'set' ? 'warning' : 'info'}
          showIcon
          className="yct-paycf__notice"
          title={shown === 'set' ? '为保障资金安全，余额和账期付款需验证支付密码，您还未设置' : '通过短信验证码重新设置支付密码'}
          description={`设置完成后将直接完成本次付款。支付密码连续输错${PAY_PASSWORD_MAX_TRIES}次将锁定${PAY_PASSWORD_LOCK_MINUTES}分钟。`}
          data-testid="paycf-set-notice"
        />
        <SetPayPasswordForm
          user={user}
          labelWidth={100}
          submitText={shown === 'set' ? `设置并${submitText.replace(/^确认/, '')}` : `重置并${submitText.replace(/^确认/, '')}`}
          onDone={(password) => {
            setMode('enter');
            void pay(password);
          }}
          extra={
            shown === 'reset' ? (
              <Button type="link" onClick={() => setMode('enter')} data-testid="paycf-back">
                返回输入支付密码
              </Button>
            ) : null
          }
          testId="paycf-set-form"
        />
      </>
    );
  } else {
    body = (
      <form
        className="yct-paycf__enter"
        onSubmit={(e) => {
          e.preventDefault();
          if (pin.length === 6 && !short) void pay(pin);
        }}
      >
        <div className="yct-paycf__prompt">
          <span>请输入6位数字支付密码</span>
          <button type="button" className="yct-paycf__forgot" onClick={() => setMode('reset')} data-testid="paycf-forgot">
            忘记支付密码？
          </button>
        </div>
        <PayPasswordInput
          ref={boxes}
          value={pin}
          onChange={(v) => {
            setPin(v);
            if (error && !error.locked) setError(null);
          }}
          status={error ? 'error' : undefined}
          autoFocus
          testId="paycf-password"
        />
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
        {summary}
        {body}
      </div>
    </Modal>
  );
}
