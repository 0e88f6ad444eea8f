/**
 * /admin/orders 订单管理 (order:read): every order, newest first, by state (tabs), keyword, pay method, days and
 * ephedrine, kept in the URL; the dashboard's queues open it filtered (`?status=transfer`, `?status=1`,
 * `?receipt=waiting`). A row opens the order.
 */
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { OrdersTable } from '../components/OrdersTable';
import '../orders.css';

export default function OrdersPage() {
  return (
    <AdminPanel title="订单管理" data-testid="orders-page">
      <OrdersTable csvName="订单列表" emptyText="没有符合条件的订单" data-testid="orders-table" />
    </AdminPanel>
  );
}
