import { Link } from 'react-router';
import { EmptyState } from '@/ui/EmptyState';

/** An order id that is not the account's (the server answers 404) or not a number at all. */
export function OrderNotFound() {
  return (
    <div className="yct-co-panel" data-testid="order-not-found">
      <EmptyState description="订单不存在或不属于当前账户">
        <Link to="/order" className="yct-btn">
          我的订单
        </Link>
        <Link to="/list" className="yct-btn yct-btn--primary">
          继续采购
        </Link>
      </EmptyState>
    </div>
  );
}
