/**
 * The frame of every wallet tab: the account centre's left menu and panel, and above the tab a strip of the
 * six instruments with their figures from the ledger, each leading to its tab. Guests are sent to log in.
 */
import '../wallet.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UserMoney } from '@core/schemas/wallet';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { RequireMember } from '@/ui/account/RequireMember';
import { useUserMoney } from '../api/get-user-money';
import { money } from '../lib/format';

export type WalletTab = 'yegl' | 'zqgl' | 'zhhb' | 'jfgl' | 'yhq' | 'xjq';

const CELLS: { key: WalletTab; label: string; value: (m: UserMoney) => ReactNode }[] = [
  { key: 'yegl', label: '账户余额', value: (m) => money(m.balance) },
  { key: 'zqgl', label: '可用账期额度', value: (m) => money(m.credit_available) },
  { key: 'zhhb', label: '账户红包', value: (m) => money(m.red_packet) },
  { key: 'jfgl', label: '可用积分', value: (m) => m.points.toLocaleString('zh-CN') },
  {
    key: 'yhq',
    label: '可用优惠券',
    value: (m) => (
      <>
        {m.coupon_count} <small>张</small>
      </>
    ),
  },
  {
    key: 'xjq',
    label: '未使用现金券',
    value: (m) => (
      <>
        {m.voucher_count} <small>张</small>
      </>
    ),
  },
];

function AssetStrip({ active }: { active: WalletTab }) {
  const { data, isError } = useUserMoney();
  return (
    <nav className="yct-wal-strip" aria-label="我的钱包" data-testid="wallet-strip">
      {CELLS.map((c) => (
        <Link
          key={c.key}
          to={`/${c.key}`}
          className={`yct-wal-strip__cell${c.key === active ? ' is-active' : ''}`}
          aria-current={c.key === active ? 'page' : undefined}
          data-testid="wallet-strip-cell"
          data-key={c.key}
        >
          <span className="yct-wal-strip__label">{c.label}</span>
          <b className="yct-wal-strip__value" data-testid={`wallet-figure-${c.key}`}>
            {data ? c.value(data) : isError ? '--' : <span className="yct-wal-skeleton" />}
          </b>
        </Link>
      ))}
    </nav>
  );
}

export function WalletLayout({ tab, title, extra, children }: { tab: WalletTab; title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <AccountLayout title={title} extra={extra}>
      <RequireMember>
        <div className="yct-wal" data-testid={`wallet-${tab}`}>
          <AssetStrip active={tab} />
          {children}
        </div>
      </RequireMember>
    </AccountLayout>
  );
}

/** A titled block inside a wallet tab. */
export function Section({ title, extra, children, testId }: { title: ReactNode; extra?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="yct-wal-sec" data-testid={testId}>
      <header className="yct-wal-sec__head">
        <h2>{title}</h2>
        {extra ? <div className="yct-wal-sec__extra">{extra}</div> : null}
      </header>
      {children}
    </section>
  );
}

/** The state of a panel while its first answer is on its way. */
export function PanelLoading() {
  return (
    <div className="yct-loading yct-wal-loading" data-testid="wallet-loading">
      <span className="yct-spinner" />
      正在加载…
    </div>
  );
}
