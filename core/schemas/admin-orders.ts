/** The console's order calls: the list and detail, confirming transfers, shipping, cancelling and refunding, returns and after-sales, ephedrine receipts. */
import { z } from 'zod';
import { freeText, id, page, text } from './common.js';
import { bit, money, pageOf, unixTime } from './envelope.js';
import { LineBatch, OrderCreditBill } from './trade.js';

/** Carriers offered when shipping; any other may be typed. */
export const CARRIERS = ['顺丰速运', '京东物流', '中通快递', '圆通速递', '申通快递', '韵达快递', '中国邮政EMS', '德邦快递', '医药冷链专送'] as const;

const yuan = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: `${label}须为金额，最多两位小数` });

const day = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label}格式不正确` });

export const adminOrderQuery = z.object({
  page: page(),
  status: z.enum(['0', '1', '2', '3', '4', 'transfer'], { error: '订单状态不正确' }).optional(),
  keyword: freeText('关键词', 50).optional().default(''),
  pay_method: z.enum(['balance', 'credit', 'online', 'transfer', 'discount'], { error: '支付方式不正确' }).optional(),
  date_from: day('开始日期').optional(),
  date_to: day('结束日期').optional(),
  user_id: id('客户').optional(),
  ephedrine: z.enum(['1'], { error: '参数不正确' }).optional(),
  /** `waiting`: ephedrine orders whose signed receipt waits for a check. */
  receipt: z.enum(['waiting'], { error: '参数不正确' }).optional(),
});
export type AdminOrderQuery = z.infer<typeof adminOrderQuery>;

export const adminOrderParams = z.object({ id: id('订单ID') });
export const adminAfterSaleParams = z.object({ id: id('售后申请ID') });

export const confirmTransferBody = z.object({
  bank_ref: text('银行流水号', 64),
  amount: yuan('到账金额').optional(),
});

export const shipBody = z.object({
  carrier: text('物流公司', 32),
  tracking_no: text('运单号', 40).regex(/^[A-Za-z0-9-]{6,40}$/, { error: '运单号为6-40位字母、数字或横线' }),
});

/** The reason is kept on the order behind 退款： or 客服取消： (100 characters in all), and told to the buyer. */
export const reasonBody = z.object({ reason: text('原因', 90) });

export const afterSaleDecisionBody = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: '请选择同意或拒绝' }),
    reply: freeText('处理说明', 200).optional().default(''),
  })
  .refine((v) => v.decision === 'approve' || v.reply.length > 0, { error: '拒绝时请填写原因', path: ['reply'] });

export const afterSaleRefundBody = z.object({ amount: yuan('退款金额'), reply: freeText('处理说明', 200).optional().default('') });

export const receiptCheckBody = z
  .object({
    accept: z
      .union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1), z.boolean()], { error: '请选择通过或退回' })
      .transform((v) => v === true || v === 1 || v === '1'),
    remark: freeText('说明', 200).optional().default(''),
  })
  .refine((v) => v.accept || v.remark.length > 0, { error: '退回时请说明原因', path: ['remark'] });

// ---- answers

export const AdminBuyer = z.object({ id: z.number().int(), username: z.string(), company: z.string(), phone: z.string() });

export const AdminOrderRow = z.object({
  id: z.number().int(),
  order_no: z.string(),
  buyer: AdminBuyer,
  status: z.number().int(),
  status_text: z.string(),
  pay_status: z.number().int(),
  pay_method: z.string(),
  pay_amount: money,
  goods_amount: money,
  item_count: z.number().int(),
  is_ephedrine: bit,
  receipt_status: z.number().int(),
  has_receipt: bit,
  consignee: z.string(),
  created_at: unixTime,
  paid_at: unixTime.nullable(),
  shipped_at: unixTime.nullable(),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRow>;
export const AdminOrderPage = pageOf(AdminOrderRow);

export const AdminOrderItem = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  type: z.number().int(),
  name: z.string(),
  sccj: z.string(),
  ypgg: z.string(),
  bzdw: z.string(),
  pzwh: z.string().meta({ description: "the goods's approval number (批准文号) as it is now, for the delivery note; empty if the goods is gone" }),
  number: z.number().int(),
  returned_number: z.number().int(),
  price: money,
  amount: money,
  pay_amount: money,
  batches: z.array(LineBatch).meta({ description: 'the batches its units came from (批号, dates, units), earliest expiry first' }),
});

export const AdminAfterSale = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_no: z.string(),
  buyer: AdminBuyer,
  kind: z.enum(['return', 'after_sale']),
  lines: z.array(
    z.object({
      item_id: z.number().int(),
      number: z.number().int(),
      name: z.string(),
      bzdw: z.string(),
      batch_no: z.string().meta({ description: '退货批号; empty when none was named' }),
    }),
  ),
  reason: z.string(),
  images: z.array(z.string()),
  status: z.number().int(),
  status_text: z.string(),
  refund_amount: money.meta({ description: 'a return: what its lines paid; once refunded: what was given back' }),
  refundable: money.meta({
    description:
      'the most a refund may give back now: a return at most what its lines paid, and never more than the order has left; 0 once refunded or decided against',
  }),
  reply: z.string(),
  received_at: unixTime.nullable(),
  refunded_at: unixTime.nullable(),
  created_at: unixTime,
});
export type AdminAfterSale = z.infer<typeof AdminAfterSale>;
export const AdminAfterSalePage = pageOf(AdminAfterSale);

export const adminAfterSaleQuery = z.object({
  page: page(),
  status: z.enum(['0', '1', '2', '3'], { error: '状态不正确' }).optional(),
  kind: z.enum(['return', 'after_sale'], { error: '类型不正确' }).optional(),
});

export const AdminOrderDetail = AdminOrderRow.extend({
  items: z.array(AdminOrderItem),
  amounts: z.object({
    goods_amount: money,
    welfare_amount: money,
    manjian_amount: money,
    coupon_amount: money,
    red_packet_amount: money,
    shipping_amount: money,
    pay_amount: money,
    refunded_amount: money,
  }),
  address: z.object({ name: z.string(), phone: z.string(), province: z.string(), city: z.string(), district: z.string(), address: z.string() }),
  invoice: z.object({ type: z.number().int(), title: z.string(), tax_no: z.string(), email: z.string() }).nullable(),
  remark: z.string(),
  carrier: z.string(),
  tracking_no: z.string(),
  bank_ref: z.string(),
  cancel_reason: z.string(),
  receipt_image: z.string(),
  receipt_remark: z.string(),
  received_at: unixTime.nullable(),
  cancelled_at: unixTime.nullable(),
  refunded_at: unixTime.nullable(),
  after_sales: z.array(AdminAfterSale),
  payments: z.array(z.object({ id: z.number().int(), trade_no: z.string(), amount: money, status: z.number().int(), paid_at: unixTime.nullable() })),
  credit_bill: OrderCreditBill.nullable(),
  /** What the operator may do with it now. */
  actions: z.object({ confirm_transfer: bit, ship: bit, cancel: bit, refund: bit, check_receipt: bit }),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;
