/** The ways to pay an ordinary order, as cards: balance and credit with the figures step 2 handed over, online, transfer. */
import type { PayMethod } from '@core/schemas/trade';
import { covers, money, PAY_METHOD_NAMES, type Wallet } from '../lib/checkout';

const ICONS: Record<PayMethod, string> = { balance: '余', credit: '账', online: '扫', transfer: '转' };

type Props = {
  amount: string;
  wallet?: Wallet;
  value: PayMethod | null;
  onChange: (method: PayMethod) => void;
  disabled?: boolean;
};

export function PayMethods({ amount, wallet, value, onChange, disabled }: Props) {
  const balanceOk = covers(wallet?.balance, amount);
  const creditOk = covers(wallet?.credit_available, amount);
  const methods: { key: PayMethod; hint: string; short?: boolean }[] = [
    { key: 'balance', hint: wallet ? `可用余额 ${money(wallet.balance)}` : '使用账户余额支付', short: balanceOk === false },
    { key: 'credit', hint: wallet ? `可用额度 ${money(wallet.credit_available)}` : '先采购，账期内还款', short: creditOk === false },
    { key: 'online', hint: '微信 / 支付宝扫码支付' },
    { key: 'transfer', hint: '企业对公账户汇款，人工确认' },
  ];
  return (
    <div className="yct-co-methods" role="radiogroup" aria-label="支付方式">
      {methods.map((m) => (
        <button
          key={m.key}
          type="button"
          role="radio"
          aria-checked={value === m.key}
          className={`yct-co-method yct-co-method--${m.key}${value === m.key ? ' is-selected' : ''}${m.short ? ' is-short' : ''}`}
          onClick={() => onChange(m.key)}
          disabled={disabled}
          data-testid={`pay-method-${m.key}`}
        >
          <span className="yct-co-method__icon" aria-hidden="true">
            {ICONS[m.key]}
          </span>
          <span className="yct-co-method__text">
            <b>{PAY_METHOD_NAMES[m.key]}</b>
            <span>{m.hint}</span>
            {m.short ? <em>{m.key === 'balance' ? '余额不足' : '额度不足'}</em> : null}
          </span>
        </button>
      ))}
    </div>
  );
}
