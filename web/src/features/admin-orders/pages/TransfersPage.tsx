/**
 * /admin/finance 对公转账 (finance:confirm): the orders whose buyers chose bank transfer and wait for finance to
 * confirm the money arrived; a row opens the order, where 确认到账 is.
 */
import { Alert } from 'antd';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { OrdersTable } from '../components/OrdersTable';
import '../orders.css';

const WAITING = { status: 'transfer' };
const HIDDEN = ['pay_method'] as const;

export default function TransfersPage() {
  return (
    <AdminPanel title="对公转账 · 待确认到账" data-testid="transfers-page">
      <Alert
        type="info"
        showIcon
        className="yct-admin-orders__hint"
        title="请核对银行流水：到账金额须与订单实付金额一致。确认后订单转为待发货，客户将收到到账通知。"
      />
      <OrdersTable preset={WAITING} hide={HIDDEN} csvName="待确认对公转账" emptyText="没有待确认的对公转账" data-testid="orders-table" />
    </AdminPanel>
  );
}
