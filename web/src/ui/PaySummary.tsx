/** What a balance or credit payment is about to pay, above its password: the amount, the instrument and its figure, and what is paid. */
import type { ReactNode } from 'react';
import { formatMoney, yuanToFen } from '@core/money';

export type PayInstrument = 'balance' | 'credit';

const INSTRUMENT: Record<PayInstrument, { name: string; tag: string; available: string }> = {
  balance: { name: '账户余额', tag: '余额', available: '可用余额' },
  credit: { name: '账期授信', tag: '授信', available: '可用额度' },
};

type Props = {
  amountLabel: string;
  /** In yuan. */
  amount: string;
  instrument: PayInstrument;
  /** The instrument's figure now (yuan), when known. */
  available?: string | null;
  /** The figure is below the amount. */
  short: boolean;
  details: { label: string; value: ReactNode }[];
};

export function PaySummary({ amountLabel, amount, instrument, available, short, details }: Props) {
  const info = INSTRUMENT[instrument];
  return (
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
}
