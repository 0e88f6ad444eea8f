/** How points goods and points orders read, for the storefront and the console alike. */
import { fenToYuan } from '../../../core/money.js';
import {
  POINTS_KIND_TEXT,
  POINTS_ORDER_STATUS_TEXT,
  PointsOrderStatus,
  type PointsGoods,
  type PointsOrder,
  type PointsOrderDetail,
} from '../../../core/schemas/points.js';
import type { pointsGoods, pointsOrders } from '../../db/schema/points.js';
import { seconds } from '../../lib/china-time.js';

export type GoodsRow = typeof pointsGoods.$inferSelect;
export type OrderRow = typeof pointsOrders.$inferSelect;

/** What one unit of a coupon or red packet goods gives, from the coupon faces read with it. */
export function givesOf(g: GoodsRow, couponFaces: Map<number, { name: string; text: string }>) {
  if (g.kind === 'red_packet') return `¥${fenToYuan(g.redPacket)} 账户红包`;
  if (g.kind === 'coupon' && g.couponId) return couponFaces.get(g.couponId)?.text ?? '';
  return '';
}

const STATE_TEXT = ['立即兑换', '已兑完', '已达上限'] as const;

export function goodsView(g: GoodsRow, gives: string, mine: number): PointsGoods {
  const state = g.stock <= 0 ? 1 : g.perUser > 0 && mine >= g.perUser ? 2 : 0;
  return {
    id: g.id,
    name: g.name,
    kind: g.kind,
    kind_text: POINTS_KIND_TEXT[g.kind],
    picture: g.picture,
    points: g.points,
    cash: fenToYuan(g.cash),
    stock: g.stock,
    redeemed: g.redeemed,
    per_user: g.perUser,
    mine,
    state,
    state_text: STATE_TEXT[state],
    gives,
  };
}

export function orderView(o: OrderRow): PointsOrder {
  return {
    id: o.id,
    order_no: o.orderNo,
    goods_id: o.goodsId,
    goods_name: o.goodsName,
    goods_picture: o.goodsPicture,
    kind: o.kind,
    kind_text: POINTS_KIND_TEXT[o.kind],
    number: o.quantity,
    points: o.points,
    cash: fenToYuan(o.cash),
    status: o.status,
    status_text: POINTS_ORDER_STATUS_TEXT[o.status] ?? '',
    credited: o.credited,
    consignee: o.consignee,
    phone: o.phone,
    address: o.address,
    carrier: o.carrier,
    tracking_no: o.trackingNo,
    created_at: seconds(o.createdAt),
    shipped_at: seconds(o.shippedAt),
    completed_at: seconds(o.completedAt),
    cancelled_at: seconds(o.cancelledAt),
    cancel_reason: o.cancelReason,
    can_receive: o.status === PointsOrderStatus.shipped ? 1 : 0,
  };
}

/** The steps an order went through, oldest first: placed, then credited, or shipped and received, or cancelled. */
function traceOf(o: OrderRow) {
  const paid = `扣除 ${o.points} 积分${o.cash > 0 ? `，余额支付 ¥${fenToYuan(o.cash)}` : ''}`;
  const steps = [{ title: '兑换成功', text: `订单 ${o.orderNo} 已提交，${paid}`, at: seconds(o.createdAt) }];
  if (o.kind !== 'physical') {
    if (o.completedAt) steps.push({ title: '已到账', text: `${o.credited} 已放入“我的钱包”`, at: seconds(o.completedAt) });
    return steps;
  }
  if (o.cancelledAt) {
    steps.push({ title: '已取消', text: `${o.cancelReason}；${paid.replace('扣除', '已退回').replace('余额支付', '余额')}`, at: seconds(o.cancelledAt) });
    return steps;
  }
  if (o.shippedAt) steps.push({ title: '已发货', text: `${o.carrier} 运单号 ${o.trackingNo}`, at: seconds(o.shippedAt) });
  if (o.completedAt) steps.push({ title: '已完成', text: '已确认收货', at: seconds(o.completedAt) });
  return steps;
}

export const orderDetailView = (o: OrderRow): PointsOrderDetail => ({ ...orderView(o), trace: traceOf(o) });
