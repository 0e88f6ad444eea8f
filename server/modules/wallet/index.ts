/** What other modules and the app may use of wallet. */
export { walletAdminRoutes } from './admin-routes.js';
export { refundCreditOrder, refundToBalance } from './admin.js';
export { couponNamesOf, grantCoupon } from './coupon-grant.js';
export { couponRoutes } from './coupon-routes.js';
export { couponFaces, couponNum, existingCouponIds, grantCoupons, releaseCoupon, unusedCouponsSql, useCoupon } from './coupons.js';
export { chargeCredit, creditBillOfOrder } from './credit.js';
export { creditRoutes } from './credit-routes.js';
export { expireCoupons, markOverdueBills } from './jobs.js';
export { lockWallet, move, movePoints } from './ledger.js';
export type { PointsMovement } from './ledger.js';
export { walletRoutes } from './routes.js';
export { redPacketSql, userMoney, walletOf } from './service.js';
export { RECHARGE_PAYMENT, REPAY_PAYMENT, rechargePayments, repayPayments } from './settle.js';
