/** How the console writes a coupon template's face value and scope, in its list, its records and their CSV. */
import type { AdminCoupon } from '@core/schemas/admin-promotions';

export const couponFace = (c: AdminCoupon) =>
  c.type === 'manjian' ? `满${c.threshold}减${c.amount}` : `${c.rate / 10}折${c.max_discount !== '0.00' ? `，最高减${c.max_discount}` : ''}`;

export const couponScope = (c: AdminCoupon) => (c.scope === 'all' ? '全场通用' : `${c.scope === 'goods' ? '指定商品' : '指定分类'} ${c.scope_ids.length} 项`);
