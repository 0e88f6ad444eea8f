/** What other modules and the app may use of orders. */
export { orderAdminRoutes } from './admin-routes.js';
export { afterSaleAdminRoutes } from './after-sale-admin-routes.js';
export { afterSaleRoutes } from './after-sale-routes.js';
export { checkoutRoutes } from './checkout-routes.js';
export { adminListOrders, adminOrderDetail } from './admin.js';
export { onOrderCompleted, onOrderRefunded, onOrderShipping, orderFacts, orderIdByNo, paidOrdersPage } from './events.js';
export type { OrderFacts } from './events.js';
export { goodsBoughtBefore, goodsOfLines } from './first-buys.js';
export { cancelExpiredOrders, completeShippedOrders } from './lifecycle.js';
export { paidOrderCount } from './paid.js';
export { ORDER_PAYMENT, orderPayments } from './payment.js';
export { orderQueues, ordersByDay } from './queues.js';
export { orderRoutes } from './routes.js';
export { itemOrders, ownOrderItems } from './recipients.js';
export { ORDER_MISSING } from './rows.js';
export type { OrderRow } from './rows.js';
export { boughtGoods, listOrders, stockHeldByOpenOrders } from './service.js';
