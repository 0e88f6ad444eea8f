/** Requests and answers of addresses, checkout, orders, after-sales, payment and the e-contract (DESIGN.md section 6). */
import { z } from 'zod';
import { ActivityData, CartLine, CartShipping, CartTotals } from './cart.js';
import { addressText, flag, freeText, id, page, payPasswordInput, personName, phoneOrLandline, quantity, text, wholeNumber } from './common.js';
import { bit, money, pageOf, unixTime } from './envelope.js';
import { returnedBatchNo } from './quality.js';

const region = (label: string, message: string) => text(label, 20).regex(/^[\u3400-\u9fff]{2,20}$/, { error: message });

export const addressBody = z.object({
  name: personName('收货人'),
  phone: phoneOrLandline('联系电话'),
  province: region('省份', '请选择省份'),
  city: region('城市', '请选择城市'),
  district: region('区县', '请选择区县'),
  address: addressText(),
  is_default: flag('默认地址').optional(),
});

/** A receiving address as every call answers it. */
export const Address = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  is_default: bit,
  /** Province, city, district and street in one line. */
  full: z.string(),
});
export type Address = z.infer<typeof Address>;

/** The address a delete removed. */
export const AddressDeleted = z.object({ id: z.number().int() });
export type AddressDeleted = z.infer<typeof AddressDeleted>;

/** The coupon to apply: a held coupon's id, `best`, or 0 for none; absent (or empty) leaves the choice to the call. */
const couponChoice = z
  .union([z.literal('best'), z.literal(''), wholeNumber('优惠券格式不正确').pipe(z.number().min(0, { error: '优惠券格式不正确' }))], {
    error: '优惠券格式不正确',
  })
  .optional()
  .transform((v) => (v === '' || v === undefined ? undefined : v === 0 ? null : v));

export const INVOICE_TYPES = { 0: '不开发票', 1: '电子普通发票', 2: '增值税专用发票' } as const;

export const invoiceInput = z
  .object({
    type: wholeNumber('发票类型不正确').pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '发票类型不正确' })),
    title: freeText('发票抬头', 60).optional().default(''),
    tax_no: z
      .string({ error: '税号格式不正确' })
      .trim()
      .regex(/^$|^[0-9A-Z]{15,20}$/, { error: '请输入15-20位税号（数字或大写字母）' })
      .optional()
      .default(''),
    email: z
      .string({ error: '邮箱格式不正确' })
      .trim()
      .max(64, { error: '邮箱格式不正确' })
      .regex(/^$|^[\w.-]+@[\w-]+(\.[\w-]+)+$/, { error: '请输入正确的邮箱地址' })
      .optional()
      .default(''),
  })
  .refine((v) => v.type === 0 || v.title.length >= 2, { error: '请填写发票抬头', path: ['title'] })
  .refine((v) => v.type !== 2 || v.tax_no.length > 0, { error: '增值税专用发票须填写税号', path: ['tax_no'] });

export const confirmQuery = z.object({
  address_id: id('收货地址').optional().meta({ description: 'Absent: the default address, else the first' }),
  coupon_id: couponChoice.meta({ description: "A held coupon's id, `best` (the default here) for the largest saving, or 0 for none" }),
  use_red_packet: flag('账户红包').optional().meta({ description: '1: the red packet pays its share' }),
});

const CHECKOUT_KEY_RE = /^[A-Za-z0-9_-]{16,64}$/;

export const createOrderBody = z.object({
  address_id: id('收货地址'),
  coupon_id: couponChoice.meta({ description: "A held coupon's id, `best` for the largest saving, or 0 (or absent) for none" }),
  use_red_packet: flag('账户红包').optional().meta({ description: '1: the red packet pays its share' }),
  remark: freeText('备注', 200).optional().default(''),
  invoice: invoiceInput.optional().meta({ description: 'type 0 不开发票, 1 电子普通发票, 2 增值税专用发票 (needs tax_no); a title for 1 and 2' }),
  /**
   * Made once by the confirm page: a second post of the same checkout (a double click, a retry after a lost
   * answer) answers the orders of the first instead of making new ones.
   */
  checkout_key: z
    .string({ error: '请刷新页面后重新提交' })
    .regex(CHECKOUT_KEY_RE, { error: '请刷新页面后重新提交' })
    .optional()
    .meta({ description: 'Made once by the confirm page: a second post with it answers the orders of the first' }),
});

export const orderListQuery = z.object({
  status: wholeNumber('订单状态不正确')
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: '订单状态不正确' }))
    .optional()
    .meta({ description: '0 待付款, 1 待发货, 2 已发货, 3 已完成, 4 已取消; absent: all' }),
  keywords: freeText('搜索关键词', 50).optional().default('').meta({ description: 'The order number or a goods name' }),
  page: page(),
});

export const cancelOrderBody = z.object({ reason: freeText('取消原因', 100).optional().default('') });

const uploadPath = text('图片', 255).regex(/^\/uploads\/[A-Za-z0-9._-]+$/, { error: '请上传图片' });

export const afterSaleBody = z.object({
  lines: z
    .array(z.object({ item_id: id('订单商品'), number: quantity('数量', 1, 99999), batch_no: returnedBatchNo }), { error: '请选择商品' })
    .min(1, { error: '请选择商品' })
    .max(200, { error: '一次最多选择200种商品' }),
  reason: text('原因', 200),
  images: z
    .array(uploadPath, { error: '图片格式不正确' })
    .max(6, { error: '最多上传6张图片' })
    .optional()
    .default([])
    .meta({ description: "Paths of the account's own uploads (POST /api/upload), at most 6" }),
});

export const receiptBody = z.object({ image: uploadPath.meta({ description: "Path of the account's own upload of the signed receipt" }) });

const PAY_METHODS = ['balance', 'credit', 'online', 'transfer'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
export const payOrderBody = z.object({
  order_id: id('订单'),
  method: z.enum(PAY_METHODS, { error: '请选择支付方式' }).meta({ description: 'balance 余额, credit 账期, online 在线支付, transfer 对公转账' }),
  pay_password: payPasswordInput().meta({ description: 'the six-digit payment password (支付密码): balance and credit need it, online and transfer do not' }),
});

// ------------------------------------------------------------------------------------------------ answers

const int = () => z.number().int();

/** An order's status (DESIGN.md section 7). */
export const OrderStatus = z
  .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)])
  .meta({ description: '0 待付款, 1 待发货, 2 已发货, 3 已完成, 4 已取消' });
export type OrderStatus = z.infer<typeof OrderStatus>;

const payStatus = () => int().meta({ description: '0 unpaid, 1 paid, 2 waiting for the bank transfer to be confirmed' });
const payMethod = () => z.string().meta({ description: "balance, credit, online, transfer, discount (wholly paid by discounts), or '' before paying" });

// ---- checkout

/** One of the account's coupons judged against the lines chosen for checkout. */
export const CouponOption = z.object({
  id: int().meta({ description: 'The held coupon (user coupon id), as `coupon_id` takes it' }),
  name: z.string(),
  type: z.enum(['manjian', 'discount']),
  usable: z.boolean(),
  reason: z.enum(['used', 'expired', 'not_started', 'no_goods', 'threshold']).nullable().meta({ description: 'Why it cannot be used; null when usable' }),
  message: z.string().meta({ description: '可减¥… when usable, else the reason in Chinese' }),
  eligible_amount: money.meta({ description: 'The amount of the counted lines in its scope, after manjian' }),
  need: money.meta({ description: 'More to reach its threshold; 0.00 once reached' }),
  discount: money.meta({ description: 'What it would take off this order' }),
  ends_at: unixTime,
});
export type CouponOption = z.infer<typeof CouponOption>;

export const CouponPage = pageOf(CouponOption);
export type CouponPage = z.infer<typeof CouponPage>;

/** Sums over the orders a checkout makes. */
export const OrderTotals = z.object({
  goods_amount: money,
  welfare_amount: money,
  manjian_amount: money,
  coupon_amount: money,
  red_packet_amount: money,
  discount_amount: money,
  shipping_amount: money,
  pay_amount: money,
  cashback_amount: money.meta({ description: '满返 (预计返): account red packet granted when the order completes; nothing off what is paid' }),
});
export type OrderTotals = z.infer<typeof OrderTotals>;

/** The lines of one order-to-be: ordinary goods, or goods containing ephedrine (an order of their own). */
export const ConfirmGroup = z.object({
  key: z.enum(['normal', 'ephedrine']),
  is_ephedrine: bit,
  list: z.array(CartLine).meta({ description: 'The lines that will be ordered' }),
  excluded: z.array(CartLine).meta({ description: 'Selected lines that cannot be bought now, with the reason' }),
  total: CartTotals,
  ...CartShipping.shape,
  activity_data: ActivityData,
});
export type ConfirmGroup = z.infer<typeof ConfirmGroup>;

/** Step 2 (确认订单): the selected lines priced exactly as the order would be. */
export const Confirm = z.object({
  groups: z.array(ConfirmGroup),
  coupons: z.array(CouponOption).meta({ description: 'Every coupon of the account for the ordinary group: usable first, largest saving first' }),
  coupon: z.object({ id: int(), name: z.string(), discount: money }).nullable().meta({ description: 'The coupon applied' }),
  coupon_error: z.string().nullable().meta({ description: 'Why the coupon asked for was not applied' }),
  red_packet: z.object({
    balance: money,
    share_percent: int().meta({ description: 'Percent of what is left after the coupon that the red packet may pay' }),
    max: money,
    amount: money.meta({ description: 'What it pays now' }),
    use: bit,
  }),
  addresses: z.array(Address),
  address_id: int().nullable().meta({ description: 'The address chosen: the one asked for, else the default, else the first' }),
  invoice_types: z.array(z.object({ type: z.union([z.literal(0), z.literal(1), z.literal(2)]), name: z.string() })),
  total: OrderTotals,
  wallet: z.object({ balance: money, credit_available: money.meta({ description: 'Credit (账期) not yet used' }) }),
  contract_signed: bit.meta({ description: '0: placing the order answers code 459 (sign the e-contract at /dzht)' }),
});
export type Confirm = z.infer<typeof Confirm>;

/** One order a checkout made. */
export const CreatedOrder = z.object({ id: int(), order_no: z.string(), pay_amount: money, is_ephedrine: bit });
export type CreatedOrder = z.infer<typeof CreatedOrder>;

export const CreatedOrders = z.object({
  orders: z.array(CreatedOrder),
  next: z.string().meta({ description: '/cart/step3/{id} (payment), or /cart/hm?id= for an ephedrine-only checkout' }),
});
export type CreatedOrders = z.infer<typeof CreatedOrders>;

// ---- orders

/** What a buyer may do with an order now, 1 or 0 each. */
export const OrderActions = z.object({
  pay: bit,
  cancel: bit,
  receive: bit,
  buy_again: bit,
  return: bit,
  after_sale: bit.meta({ description: 'Only for accounts with is_AfterSale' }),
  receipt: bit.meta({ description: 'An ephedrine order paid and still without its signed receipt' }),
});
export type OrderActions = z.infer<typeof OrderActions>;

const OrderSummaryItem = z.object({ id: int(), goods_id: int(), name: z.string(), image: z.string(), number: int(), bzdw: z.string() });
type OrderSummaryItem = z.infer<typeof OrderSummaryItem>;

/** An order as the list shows it. */
export const OrderSummary = z.object({
  id: int(),
  order_no: z.string(),
  status: OrderStatus,
  status_text: z.string().meta({ description: '待确认转账 for an unpaid order waiting for its bank transfer to be confirmed' }),
  pay_status: payStatus(),
  pay_method: payMethod(),
  goods_amount: money,
  discount_amount: money,
  shipping_amount: money,
  pay_amount: money,
  is_ephedrine: bit,
  created_at: unixTime,
  expires_at: unixTime.nullable().meta({ description: 'When an unpaid order is cancelled by itself; null for every other status' }),
  item_count: int().meta({ description: 'Lines bought (add-ons included), gifts apart' }),
  number_total: int().meta({ description: 'Units bought (add-ons included), gifts apart' }),
  gift_number: int().meta({ description: 'Units given as gifts (赠品)' }),
  items: z.array(OrderSummaryItem).meta({ description: 'The first five lines' }),
  actions: OrderActions,
});
export type OrderSummary = z.infer<typeof OrderSummary>;

/** The account's orders of each status (`all` and 0-4). */
export const OrderCounts = z
  .object({ all: int(), 0: int(), 1: int(), 2: int(), 3: int(), 4: int() })
  .meta({ description: "The account's orders of each status, whatever the filter" });
export type OrderCounts = z.infer<typeof OrderCounts>;

export const OrderPage = pageOf(OrderSummary).extend({
  counts: OrderCounts,
});
export type OrderPage = z.infer<typeof OrderPage>;

/** The units of an order line taken from one batch (批号): what the delivery note and a recall name. */
export const LineBatch = z.object({
  goods_id: int().meta({ description: 'The goods (a bundle line has a part per goods)' }),
  batch_no: z.string().meta({ description: '批号' }),
  scrq: z.string().meta({ description: '生产日期, YYYY-MM-DD' }),
  xq: z.string().meta({ description: '效期至, YYYY-MM-DD' }),
  number: int(),
});
export type LineBatch = z.infer<typeof LineBatch>;

/** A line of an order, with the goods as they were and each discount it got. */
export const OrderItem = z.object({
  id: int(),
  goods_id: int(),
  type: int().meta({ description: '0 plain, 1 flash sale, 3 combination, 4 near expiry (近效期), 8 gift (赠品), 9 add-on (换购)' }),
  name: z.string(),
  sccj: z.string(),
  ypgg: z.string(),
  bzdw: z.string(),
  image: z.string(),
  number: int(),
  returned_number: int().meta({ description: 'Units returned through an approved return' }),
  price: money.meta({ description: 'The unit price charged: the flash-sale or daily-special price when it priced every unit' }),
  original_price: money.nullable().meta({ description: 'The usual unit price, shown struck through, when `price` is an offer price' }),
  promo_number: int().meta({ description: 'Units charged at the flash-sale or daily-special price' }),
  amount: money,
  welfare_amount: money,
  manjian_amount: money,
  coupon_amount: money,
  red_packet_amount: money,
  pay_amount: money,
  batches: z.array(LineBatch).meta({
    description: 'The batches its units came from, earliest expiry first; empty for a line placed before batches or an order cancelled before shipping',
  }),
});
export type OrderItem = z.infer<typeof OrderItem>;

export const OrderAmounts = OrderTotals.omit({ discount_amount: true });
export type OrderAmounts = z.infer<typeof OrderAmounts>;

/** The status of a return or after-sales request. */
export const AfterSaleStatus = z
  .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])
  .meta({ description: '0 待审核, 1 已同意, 2 已拒绝, 3 已完成' });
export type AfterSaleStatus = z.infer<typeof AfterSaleStatus>;

/** return 退货退款, after_sale 售后. */
export const AfterSaleKind = z.enum(['return', 'after_sale']);
export type AfterSaleKind = z.infer<typeof AfterSaleKind>;

/** A return (退货) or after-sales request (售后). */
export const AfterSale = z.object({
  id: int(),
  order_id: int(),
  kind: AfterSaleKind.meta({ description: 'return 退货退款, after_sale 售后' }),
  lines: z.array(z.object({ item_id: int(), number: int(), batch_no: z.string().optional().meta({ description: '退货批号' }) })),
  reason: z.string(),
  images: z.array(z.string()),
  status: AfterSaleStatus,
  status_text: z.string(),
  refund_amount: money.meta({ description: "A return's refund: the lines' share of what was paid" }),
  reply: z.string(),
  created_at: unixTime,
});
export type AfterSale = z.infer<typeof AfterSale>;

export const AfterSaleDetail = AfterSale.extend({
  order: z.object({ id: int(), order_no: z.string(), status: OrderStatus, status_text: z.string() }),
  items: z.array(z.object({ item_id: int(), number: int(), name: z.string(), image: z.string(), ypgg: z.string(), bzdw: z.string(), price: money })),
});
export type AfterSaleDetail = z.infer<typeof AfterSaleDetail>;

/** The credit (账期) bill of an order paid on credit. */
export const OrderCreditBill = z.object({
  id: int(),
  amount: money,
  repaid: money,
  due_date: z.string().meta({ description: 'YYYY-MM-DD' }),
  status: int().meta({ description: '0 to be repaid, 1 repaid' }),
  overdue: bit.meta({ description: 'to be repaid and past its due date (China days)' }),
  overdue_at: unixTime.nullable().meta({ description: 'when the overdue job marked it; null before' }),
});
export type OrderCreditBill = z.infer<typeof OrderCreditBill>;

const OrderPayment = z.object({
  id: int(),
  provider: z.string(),
  trade_no: z.string(),
  amount: money,
  status: int().meta({ description: '0 waiting, 1 paid, 2 closed' }),
  paid_at: unixTime.nullable(),
});

export const OrderDetail = OrderSummary.extend({
  items: z.array(OrderItem).meta({ description: 'Every line' }),
  amounts: OrderAmounts,
  address: Address.omit({ id: true, is_default: true }).meta({ description: 'The address as it was when the order was placed' }),
  invoice: z.object({ type: int(), title: z.string(), tax_no: z.string(), email: z.string() }).nullable(),
  remark: z.string(),
  carrier: z.string(),
  tracking_no: z.string(),
  receipt_image: z.string().meta({ description: 'The signed receipt of an ephedrine order' }),
  cancel_reason: z.string(),
  paid_at: unixTime.nullable(),
  shipped_at: unixTime.nullable(),
  received_at: unixTime.nullable(),
  cancelled_at: unixTime.nullable(),
  timeline: z.array(z.object({ time: unixTime, text: z.string() })).meta({ description: 'What happened, oldest first' }),
  after_sales: z.array(AfterSale),
  credit_bill: OrderCreditBill.nullable(),
  payments: z.array(OrderPayment).meta({ description: 'Gateway payments, newest first' }),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const EphedrineOrder = OrderSummary.extend({ receipt_image: z.string() });
export type EphedrineOrder = z.infer<typeof EphedrineOrder>;
export const EphedrineOrderPage = pageOf(EphedrineOrder);
export type EphedrineOrderPage = z.infer<typeof EphedrineOrderPage>;

export const BuyAgain = z.object({
  added: z.array(int()).meta({ description: 'Goods put into the cart' }),
  skipped: z
    .array(z.object({ goods_id: int(), name: z.string(), reason: z.string() }))
    .meta({ description: 'Goods that can no longer be bought, with the reason' }),
});
export type BuyAgain = z.infer<typeof BuyAgain>;

export const Contract = z.object({
  title: z.string(),
  content: z.string(),
  version: z.string(),
  company: z.string(),
  signed: bit,
  signed_at: unixTime.nullable(),
});
export type Contract = z.infer<typeof Contract>;

// ---- payment

export const BankDetails = z.object({
  bank_name: z.string(),
  account_name: z.string(),
  account_no: z.string(),
  memo: z.string().meta({ description: 'What to write in the transfer memo' }),
});
export type BankDetails = z.infer<typeof BankDetails>;

/** Paying an order: paid at once (balance, credit), a QR code to scan (online), or bank details (transfer). */
export const PayResult = z.union([
  z.object({
    method: z.enum(['balance', 'credit']),
    paid: z.literal(1),
    already: bit.meta({ description: '1: the order was paid before; nothing was charged' }),
    order_id: int(),
    next: z.string(),
  }),
  z.object({
    method: z.literal('online'),
    paid: z.literal(0),
    payment_id: int(),
    trade_no: z.string(),
    amount: money,
    qr_url: z.string(),
    expires_in: int().meta({ description: 'Seconds the QR code stays valid' }),
    order_id: int(),
  }),
  z.object({ method: z.literal('transfer'), paid: z.literal(0), waiting: z.literal(1), order_id: int(), bank: BankDetails }),
]);
export type PayResult = z.infer<typeof PayResult>;

export const PayState = z.object({ order_id: int(), status: OrderStatus, pay_status: payStatus(), pay_method: payMethod(), paid: bit, pay_amount: money });
export type PayState = z.infer<typeof PayState>;

/** What the gateway's notify (and the sandbox's confirm) answers. */
export const NotifyResult = z.object({ trade_no: z.string(), paid: z.literal(1), already: bit.meta({ description: '1: the payment was settled before' }) });
export type NotifyResult = z.infer<typeof NotifyResult>;
