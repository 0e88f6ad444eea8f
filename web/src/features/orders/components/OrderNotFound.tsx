/** An order or request id that is not the account's (the server answers 404), or not a number at all. */
import { Link } from 'react-router';
import { EmptyState } from '@/ui/EmptyState';

export function OrderNotFound({ what = '订单' }: { what?: '订单' | '售后申请' }) {
  return (
    <div data-testid="order-not-found">
      <EmptyState
        description={
          <span className="yct-ord-missing">
            <b>{what}不存在</b>
            <small>该{what}不存在或不属于当前账户，请返回订单列表查看。</small>
          </span>
        }
      >
        <Link to="/order" className="yct-btn yct-btn--primary" data-testid="back-to-orders">
          返回我的订单
        </Link>
      </EmptyState>
    </div>
  );
}
