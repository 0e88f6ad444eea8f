/**
 * /wdqb/yegl 余额管理: the balance, recharging it through the gateway with the options and bonuses of
 * moneyConfig (or any whole amount within the limits), redeeming a cash-voucher code, and the balance's log.
 */
import { App, Button, InputNumber } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { yuanToFen } from '@core/money';
import { RECHARGE_MAX_YUAN, RECHARGE_MIN_YUAN } from '@core/schemas/wallet';
import type { MoneyConfig, Recharge } from '@core/schemas/wallet';
import { ErrorState } from '@/ui/ErrorState';
import { useUserMoney } from '../api/get-user-money';
import { invalidateWallet } from '../api/keys';
import { useCreateRecharge, useMoneyConfig, useRechargeStatus } from '../api/recharge';
import { GatewayModal } from '../components/GatewayModal';
import { LedgerPanel } from '../components/LedgerPanel';
import { VoucherRedeem } from '../components/VoucherRedeem';
import { PanelLoading, Section, WalletLayout } from '../components/WalletLayout';
import { money } from '../lib/format';

/** The bonus (fen) of the largest option an amount of yuan reaches. */
function bonusOf(config: MoneyConfig, yuan: number) {
  return config.options.filter((o) => yuanToFen(o.amount) <= yuan * 100).reduce((b, o) => Math.max(b, yuanToFen(o.bonus)), 0);
}

function RechargeBox({ config }: { config: MoneyConfig }) {
  const [amount, setAmount] = useState<number | null>(Number(config.options[1]?.amount ?? config.options[0]?.amount ?? RECHARGE_MIN_YUAN));
  const [recharge, setRecharge] = useState<Recharge | null>(null);
  const create = useCreateRecharge();
  const status = useRechargeStatus(recharge?.id ?? null);
  const client = useQueryClient();
  const { message } = App.useApp();
  const paid = status.data?.paid === 1;
  useEffect(() => {
    if (paid) void invalidateWallet(client);
  }, [paid, client]);

  const valid = amount !== null && Number.isInteger(amount) && amount >= RECHARGE_MIN_YUAN && amount <= RECHARGE_MAX_YUAN;
  const bonus = valid ? bonusOf(config, amount) : 0;
  const start = () => {
    if (!valid) {
      void message.error(`请输入${RECHARGE_MIN_YUAN}-${RECHARGE_MAX_YUAN}元之间的整数金额`);
      return;
    }
    create.mutate(amount, { onSuccess: setRecharge });
  };

  return (
    <div className="yct-wal-recharge" data-testid="recharge-box">
      <div className="yct-wal-options" role="radiogroup" aria-label="充值金额">
        {config.options.map((o) => {
          const yuan = Number(o.amount);
          const on = amount === yuan;
          return (
            <button
              type="button"
              role="radio"
              aria-checked={on}
              key={o.amount}
              className={`yct-wal-option${on ? ' is-on' : ''}`}
              onClick={() => setAmount(yuan)}
              data-testid="recharge-option"
            >
              <b>{money(o.amount).replace('.00', '')}</b>
              {yuanToFen(o.bonus) > 0 ? <em>送{money(o.bonus).replace('.00', '')}</em> : <span>无赠送</span>}
            </button>
          );
        })}
        <label className={`yct-wal-option yct-wal-option--custom${config.options.some((o) => Number(o.amount) === amount) ? '' : ' is-on'}`}>
          <span>其他金额</span>
          <InputNumber
            size="small"
            min={RECHARGE_MIN_YUAN}
            max={RECHARGE_MAX_YUAN}
            precision={0}
            controls={false}
            placeholder="输入金额"
            value={config.options.some((o) => Number(o.amount) === amount) ? null : amount}
            onChange={(v) => setAmount(v)}
            suffix="元"
            data-testid="recharge-custom"
          />
        </label>
      </div>
      <div className="yct-wal-recharge__bar">
        <span>
          到账金额{' '}
          <b className="yct-wal-red" data-testid="recharge-total">
            {valid ? money(String(amount! + bonus / 100)) : '--'}
          </b>
          {bonus > 0 ? <span className="yct-wal-bonus">含赠送 {money(String(bonus / 100))}</span> : null}
        </span>
        <Button type="primary" onClick={start} loading={create.isPending} disabled={!config.online} data-testid="recharge-submit">
          立即充值
        </Button>
      </div>
      <p className="yct-wal-hint">
        单笔 {RECHARGE_MIN_YUAN}-{RECHARGE_MAX_YUAN.toLocaleString('zh-CN')} 元，支持微信、支付宝扫码支付。{config.notice}
      </p>
      <GatewayModal
        title="余额充值"
        payment={recharge}
        paid={paid}
        done={
          recharge
            ? `${money(recharge.amount)}${yuanToFen(recharge.bonus) ? ` 及赠送 ${money(recharge.bonus)}` : ''} 已存入账户余额（充值单号 ${recharge.recharge_no}）`
            : null
        }
        onClose={() => setRecharge(null)}
      />
    </div>
  );
}

function Overview() {
  const m = useUserMoney();
  return (
    <div className="yct-wal-hero" data-testid="balance-hero">
      <div className="yct-wal-hero__main">
        <span className="yct-wal-hero__label">可用余额（元）</span>
        <strong className="yct-wal-hero__value" data-testid="balance-value">
          {m.data ? money(m.data.balance) : '--'}
        </strong>
        <span className="yct-muted">余额可用于支付订单和账期还款，不支持提现</span>
      </div>
      <div className="yct-wal-hero__side">
        <a href="#recharge" className="yct-btn yct-btn--primary">
          在线充值
        </a>
        <Link to="/xjq" className="yct-btn">
          我的现金券
        </Link>
        <Link to="/order" className="yct-btn">
          我的订单
        </Link>
      </div>
    </div>
  );
}

export default function BalancePage() {
  const config = useMoneyConfig();
  return (
    <WalletLayout tab="yegl" title="余额管理">
      <Overview />
      <div className="yct-wal-cols">
        <Section title="在线充值" testId="recharge-section">
          <span id="recharge" />
          {config.isPending ? (
            <PanelLoading />
          ) : config.isError ? (
            <ErrorState compact onRetry={() => void config.refetch()} />
          ) : (
            <RechargeBox config={config.data} />
          )}
        </Section>
        <Section title="现金券充值" testId="voucher-section">
          <VoucherRedeem />
        </Section>
      </div>
      <Section title="收支明细" testId="balance-log">
        <LedgerPanel instrument="balance" empty="暂无余额收支记录" />
      </Section>
    </WalletLayout>
  );
}
