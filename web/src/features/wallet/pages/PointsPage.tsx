/** /wdqb/jfgl 积分管理: the points, how they are earned and spent, and their log (earned or spent). */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useUserMoney } from '../api/get-user-money';
import { LedgerPanel } from '../components/LedgerPanel';
import { Section, WalletLayout } from '../components/WalletLayout';

/** `draws`: the lottery's part of the page, which the app puts in (a feature does not import another). */
export default function PointsPage({ draws }: { draws?: ReactNode }) {
  const m = useUserMoney().data;
  return (
    <WalletLayout tab="jfgl" title="积分管理">
      <div className="yct-wal-hero yct-wal-hero--points" data-testid="points-hero">
        <div className="yct-wal-hero__main">
          <span className="yct-wal-hero__label">可用积分</span>
          <strong className="yct-wal-hero__value" data-testid="points-value">
            {m ? m.points.toLocaleString('zh-CN') : '--'}
          </strong>
          <span className="yct-muted">积分可在积分商城兑换礼品和药品</span>
        </div>
        <ul className="yct-wal-rules">
          <li>订单确认收货（或发货 15 天后自动确认）后，每实付 1 元获得 1 积分</li>
          <li>积分仅限本账户使用，不可转让，不可兑换现金</li>
          <li>
            <Link to="/jfsc" className="yct-wal-link">
              去积分商城兑换 ›
            </Link>
            <Link to="/jfdd" className="yct-wal-link">
              我的积分订单 ›
            </Link>
          </li>
        </ul>
      </div>
      {draws}
      <Section title="积分明细" testId="points-log">
        <LedgerPanel instrument="points" labels={['获得', '使用']} afterLabel="积分余额" empty="暂无积分记录" />
      </Section>
    </WalletLayout>
  );
}
