/**
 * /jfsc 积分商城: the buyer's points with the ways to 积分明细 and 积分订单, tabs by kind, the goods as cards (four a
 * row) and 立即兑换. A guest sees the goods and is asked to log in to redeem. A physical goods redeemed sends the
 * buyer to its order; a coupon or red packet shows what went into the wallet.
 */
import '../points.css';
import { GiftOutlined } from '@ant-design/icons';
import { Button, Modal, Pagination, Result, Tabs } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { PointsGoods, PointsKind, PointsRedeemed } from '@core/schemas/points';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { isLoggedIn, useUserBase } from '@/lib/session/get-user-base';
import { useToast } from '@/lib/use-toast';
import { usePointsShelf } from '../api/points-goods';
import { PointsGoodsCard, pointsText } from '../components/PointsGoodsCard';
import { RedeemModal } from '../components/RedeemModal';
import { loginPathTo } from '@core/routes';

const KINDS: { key: PointsKind | 'all'; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: 'physical', label: '实物商品' },
  { key: 'coupon', label: '优惠券' },
  { key: 'red_packet', label: '红包' },
];

const RULES = [
  '积分来自采购：订单完成后每实付 1 元得 1 积分，可在“我的钱包-积分管理”查看明细。',
  '实物商品兑换后 3 个工作日内发货，全国包邮；发货后可在“积分订单”查看物流单号并确认收货。',
  '优惠券、红包兑换成功后立即到账，优惠券自兑换起 30 天内有效，下单时自动匹配。',
  '需加价的商品，加价部分从账户余额支付，须输入支付密码；积分商品兑换后不支持退换。',
];

function Header({ points, loggedIn }: { points: number | null; loggedIn: boolean }) {
  const { pathname, search } = useLocation();
  return (
    <div className="yct-jf-banner">
      <div className="yct-jf-banner__title">
        <h1>
          <GiftOutlined /> 积分商城
        </h1>
        <p>采购攒积分，好礼兑不停 · 实物包邮到店，优惠券红包即兑即用</p>
      </div>
      <div className="yct-jf-banner__mine" data-testid="points-mine">
        {loggedIn ? (
          <>
            <span className="yct-jf-banner__label">我的积分</span>
            <b data-testid="points-balance">{points === null ? '—' : pointsText(points)}</b>
            <div className="yct-jf-banner__links">
              <Link to="/jfgl">积分明细 ›</Link>
              <Link to="/jfdd" data-testid="points-orders-link">
                积分订单 ›
              </Link>
            </div>
          </>
        ) : (
          <>
            <span className="yct-jf-banner__label">登录后查看我的积分</span>
            <Link to={loginPathTo(pathname + search)} className="yct-btn yct-jf-banner__login" data-testid="points-login">
              立即登录
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

function Credited({ done, onClose }: { done: PointsRedeemed | null; onClose: () => void }) {
  const navigate = useNavigate();
  const coupon = done?.order.kind === 'coupon';
  return (
    <Modal open={done !== null} footer={null} onCancel={onClose} width={460} data-testid="redeem-credited">
      {done ? (
        <Result
          status="success"
          title="兑换成功"
          subTitle={
            <span data-testid="redeem-credited-text">
              {done.order.credited} 已放入“我的钱包-{coupon ? '优惠券' : '账户红包'}”，消耗 {pointsText(done.order.points)} 积分
            </span>
          }
          extra={[
            <Button key="wallet" type="primary" danger onClick={() => void navigate(coupon ? '/yhq' : '/zhhb')}>
              {coupon ? '查看优惠券' : '查看红包'}
            </Button>,
            <Button key="more" onClick={onClose}>
              继续兑换
            </Button>,
          ]}
        />
      ) : null}
    </Modal>
  );
}

export default function PointsMallPage() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const toast = useToast();
  const kindParam = search.get('kind');
  const kind = KINDS.find((k) => k.key === kindParam && k.key !== 'all')?.key as PointsKind | undefined;
  const page = Math.max(1, Math.floor(Number(search.get('page')) || 1));
  const shelf = usePointsShelf(page, kind);
  const user = useUserBase().data;
  const loggedIn = isLoggedIn(user);
  const [redeeming, setRedeeming] = useState<PointsGoods | null>(null);
  const [credited, setCredited] = useState<PointsRedeemed | null>(null);
  const data = shelf.data;

  const open = (g: PointsGoods) => {
    if (!loggedIn) return void navigate(loginPathTo(pathname + (search.size ? `?${search}` : '')));
    // The server refuses it too; saying so before the dialog spares filling it in for nothing.
    if (user.is_passed !== 1)
      return void Modal.warning({
        title: '温馨提示',
        content: '资质审核通过后才能兑换积分商品，请前往“账户中心-资质证件”查看审核进度',
        okText: '查看资质',
        onOk: () => void navigate('/zhzx/zzzj'),
      });
    setRedeeming(g);
  };
  const done = (d: PointsRedeemed) => {
    setRedeeming(null);
    if (d.order.kind === 'physical') {
      toast.success(`兑换成功：${d.order.goods_name} ×${d.order.number}，我们将尽快为您发货`);
      void navigate(`/jfdd?id=${d.order.id}`);
    } else setCredited(d);
  };

  return (
    <div className="yct-container yct-jf" data-testid="points-mall">
      <Header points={data?.points ?? null} loggedIn={loggedIn} />
      <div className="yct-breadcrumb yct-jf__crumb">
        <Link to="/">首页</Link>
        <span>›</span>
        <span>积分商城</span>
      </div>
      <div className="yct-jf__panel">
        <Tabs
          activeKey={kind ?? 'all'}
          onChange={(k) => setSearch(k === 'all' ? {} : { kind: k })}
          items={KINDS.map((k) => ({ key: k.key, label: k.label }))}
          data-testid="points-kinds"
        />
        {shelf.isPending ? (
          <ul className="yct-jf__grid" aria-busy="true">
            {Array.from({ length: 8 }, (_, i) => (
              <li key={i} className="yct-jf-card is-skeleton" />
            ))}
          </ul>
        ) : shelf.isError && !data ? (
          <ErrorState onRetry={() => void shelf.refetch()} retrying={shelf.isFetching} />
        ) : !data?.data.length ? (
          <EmptyState description="暂无可兑换的商品，敬请期待">
            <Link to="/list" className="yct-btn">
              先去采购
            </Link>
          </EmptyState>
        ) : (
          <>
            <ul className={`yct-jf__grid${shelf.isPlaceholderData ? ' is-refreshing' : ''}`} data-testid="points-goods-list">
              {data.data.map((g) => (
                <PointsGoodsCard key={g.id} goods={g} onRedeem={open} />
              ))}
            </ul>
            {data.last_page > 1 ? (
              <Pagination
                className="yct-jf__pages"
                current={data.current_page}
                pageSize={data.per_page}
                total={data.total}
                showSizeChanger={false}
                onChange={(p) => setSearch({ ...(kind ? { kind } : {}), ...(p > 1 ? { page: String(p) } : {}) })}
              />
            ) : null}
          </>
        )}
      </div>
      <div className="yct-jf__rules">
        <h3>兑换说明</h3>
        <ol>
          {RULES.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ol>
      </div>
      <RedeemModal goods={redeeming} points={data?.points ?? 0} onClose={() => setRedeeming(null)} onDone={done} />
      <Credited done={credited} onClose={() => setCredited(null)} />
    </div>
  );
}
