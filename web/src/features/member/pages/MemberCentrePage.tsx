/**
 * /user 会员中心: the company with its rank and licence review state (and what to do next), the wallet
 * figures, orders by status, the dedicated service contacts, the latest orders and goods to buy. One call
 * answers all of it, with the user object: this route skips the base call (spec section 6).
 */
import '@/ui/goods.css';
import '../member.css';
import { PhoneOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { Link } from 'react-router';
import type { MemberCentre } from '@core/schemas/member';
import { chinaMinute } from '@/lib/china-time';
import { money } from '@/lib/money';
import { useShareUser } from '@/lib/session/share-user';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { GoodsCard } from '@/ui/GoodsCard';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { PanelLoading } from '@/ui/account/PanelStates';
import { useMemberCentre } from '../api/get-centre';

const PASSED: Record<number, { text: string; color: string }> = {
  0: { text: '资质审核中', color: 'orange' },
  1: { text: '已认证', color: 'green' },
  2: { text: '审核未通过', color: 'red' },
};

const STATE_CLASS: Record<string, string> = { approved: 'ok', waiting: 'info', incomplete: 'warn', expiring: 'warn', expired: 'bad', rejected: 'bad' };

const STATUS_LINKS = [
  { status: 0, label: '待付款' },
  { status: 1, label: '待发货' },
  { status: 2, label: '已发货' },
  { status: 3, label: '已完成' },
  { status: 4, label: '已取消' },
] as const;

function Profile({ data }: { data: MemberCentre }) {
  const { user, licence } = data;
  const passed = PASSED[user.is_passed] ?? PASSED[0];
  const contacts = user.admin;
  return (
    <section className="yct-mc__top">
      <div className="yct-mc__profile" data-testid="centre-profile">
        <div className="yct-mc__avatar" aria-hidden="true">
          {(user.company || user.username).slice(0, 1)}
        </div>
        <div className="yct-mc__who">
          <h2 data-testid="centre-company">{user.company || user.username}</h2>
          <p>
            <span className="yct-mc__rank" data-testid="centre-rank">
              {user.rank || '普通会员'}
            </span>
            <Tag color={passed.color}>{passed.text}</Tag>
            <span className="yct-muted">
              账号：{user.username}
              {user.company_type ? ` · ${user.company_type}` : ''}
            </span>
          </p>
          <div className={`yct-mc__licence is-${STATE_CLASS[licence.state] ?? 'info'}`} data-testid="centre-licence" data-state={licence.state}>
            <SafetyCertificateOutlined />
            <b>{licence.text}</b>
            <span className="yct-mc__tip">{licence.tip}</span>
            {licence.action ? (
              <Link to={licence.action.to} className="yct-mc__next" data-testid="centre-licence-action">
                {licence.action.label} ›
              </Link>
            ) : null}
          </div>
        </div>
      </div>
      <div className="yct-mc__service" data-testid="centre-service">
        <h3>专属客服</h3>
        {contacts.length ? (
          <ul>
            {contacts.map((c) => (
              <li key={`${c.name}-${c.phone}`} data-testid="centre-contact">
                <b>{c.name}</b>
                {c.is_default ? <Tag color="red">默认</Tag> : null}
                <span className="yct-mc__phone">
                  <PhoneOutlined /> {c.phone}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="yct-muted">暂未分配专属客服，可拨打热线 {user.common_config.hot_line}</p>
        )}
      </div>
    </section>
  );
}

function Wallet({ data }: { data: MemberCentre }) {
  const w = data.wallet;
  const cells = [
    { key: 'balance', label: '账户余额', value: money(w.balance), to: '/yegl', sub: '去充值' },
    { key: 'credit', label: '账期可用', value: money(w.credit_available), to: '/zqgl', sub: `额度 ${money(w.credit_limit)}` },
    { key: 'red_packet', label: '账户红包', value: money(w.red_packet), to: '/zhhb', sub: '下单可抵扣' },
    { key: 'points', label: '积分', value: w.points.toLocaleString('zh-CN'), to: '/jfgl', sub: '积分商城兑换' },
    { key: 'coupons', label: '优惠券', value: `${w.coupons}张`, to: '/yhq', sub: w.coupons_expiring ? `${w.coupons_expiring}张即将过期` : '领券中心' },
  ];
  return (
    <section className="yct-mc__wallet" data-testid="centre-wallet">
      {cells.map((c) => (
        <Link key={c.key} to={c.to} className="yct-mc__cell" data-testid={`centre-wallet-${c.key}`}>
          <span className="yct-mc__label">{c.label}</span>
          <b className="yct-mc__value">{c.value}</b>
          <span className={`yct-mc__sub${c.key === 'coupons' && w.coupons_expiring ? ' is-hot' : ''}`}>{c.sub}</span>
        </Link>
      ))}
    </section>
  );
}

function Orders({ data }: { data: MemberCentre }) {
  return (
    <section className="yct-acct-sec yct-mc__orders">
      <h2 className="yct-acct-sec__title">
        我的订单
        <Link to="/order" className="yct-acct-sec__more">
          全部订单（{data.order_counts.all}）›
        </Link>
      </h2>
      <div className="yct-mc__statuses" data-testid="centre-order-counts">
        {STATUS_LINKS.map((s) => (
          <Link key={s.status} to={`/order?status=${s.status}`} className="yct-mc__status" data-testid="centre-order-count" data-status={s.status}>
            <b className={s.status === 0 && data.order_counts[0] > 0 ? 'is-hot' : undefined}>{data.order_counts[s.status]}</b>
            <span>{s.label}</span>
          </Link>
        ))}
      </div>
      {data.recent_orders.length ? (
        <table className="yct-mc__table" data-testid="centre-recent-orders">
          <thead>
            <tr>
              <th>订单号</th>
              <th>下单时间</th>
              <th>商品</th>
              <th className="is-num">实付金额</th>
              <th>状态</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {data.recent_orders.map((o) => (
              <tr key={o.id} data-testid="centre-recent-order">
                <td>{o.order_no}</td>
                <td>{chinaMinute(o.created_at)}</td>
                <td className="yct-mc__goods" title={o.items.map((i) => i.name).join('、')}>
                  {o.items[0]?.name}
                  {o.item_count > 1 ? <span className="yct-muted"> 等{o.item_count}种</span> : null}
                </td>
                <td className="is-num yct-mc__money">{money(o.pay_amount)}</td>
                <td>
                  <span className={`yct-mc__st yct-mc__st--${o.status}`}>{o.status_text}</span>
                </td>
                <td>
                  <Link to={`/order/info/${o.id}`}>{o.actions.pay ? '去支付' : '查看'}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <EmptyState compact description="暂无订单">
          <Link to="/list" className="yct-btn yct-btn--primary">
            去采购
          </Link>
        </EmptyState>
      )}
    </section>
  );
}

function Shortcuts() {
  const links = [
    { to: '/kjcg', label: '快捷采购' },
    { to: '/star', label: '我的收藏' },
    { to: '/zhzx/zzzj', label: '资质证件' },
    { to: '/zhzx/addr', label: '收货地址' },
    { to: '/zhzx/wdxx', label: '我的消息' },
    { to: '/dzfp', label: '电子发票' },
  ];
  return (
    <nav className="yct-mc__shortcuts" aria-label="常用功能">
      {links.map((l) => (
        <Link key={l.to} to={l.to}>
          {l.label}
        </Link>
      ))}
    </nav>
  );
}

function Centre() {
  const centre = useMemberCentre();
  useShareUser(centre.data?.user);
  if (centre.isPending) return <PanelLoading />;
  if (centre.isError) return <ErrorState onRetry={() => void centre.refetch()} retrying={centre.isFetching} />;
  const data = centre.data;
  return (
    <div className="yct-mc" data-testid="member-centre">
      <Profile data={data} />
      <Wallet data={data} />
      <Shortcuts />
      <Orders data={data} />
      <section className="yct-acct-sec yct-mc__recommend">
        <h2 className="yct-acct-sec__title">
          为你推荐
          <Link to="/list" className="yct-acct-sec__more">
            更多商品 ›
          </Link>
        </h2>
        {data.recommend.length ? (
          <ul className="yct-grid" data-testid="centre-recommend">
            {data.recommend.slice(0, 8).map((g) => (
              <GoodsCard key={g.id} goods={g} />
            ))}
          </ul>
        ) : (
          <EmptyState compact />
        )}
      </section>
    </div>
  );
}

export default function MemberCentrePage() {
  return (
    <AccountLayout title="会员中心">
      <Centre />
    </AccountLayout>
  );
}
