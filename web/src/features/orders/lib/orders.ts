/** The small decisions of the order screens, kept pure so that they can be tested without a browser. */
import type { z } from 'zod';
import { formatMoney, yuanToFen } from '@core/money';
import type {
  AfterSale,
  AfterSaleStatus,
  OrderActions,
  OrderAmounts,
  OrderCreditBill,
  OrderDetail,
  OrderItem,
  orderListQuery,
  OrderStatus,
  OrderSummary,
} from '@core/schemas/trade';
import { isZero, money } from '@/lib/money';
import { chinaMinute, chinaTime, chinaToday } from '@/lib/china-time';

export { isZero, lineDiscounts, money } from '@/lib/money';

/** -¥50.00 for a discount. */
const minus = (yuan: string) => `-${money(yuan)}`;

/** The tabs of 我的订单: `status` undefined is 全部. */
export const ORDER_TABS: { key: 'all' | OrderStatus; status: OrderStatus | undefined; label: string }[] = [
  { key: 'all', status: undefined, label: '全部订单' },
  { key: 0, status: 0, label: '待付款' },
  { key: 1, status: 1, label: '待发货' },
  { key: 2, status: 2, label: '已发货' },
  { key: 3, status: 3, label: '已完成' },
  { key: 4, status: 4, label: '已取消' },
];

export type ListParams = z.output<typeof orderListQuery>;

/** Reads ?status=&page=&keywords= leniently: anything unreadable falls back to 全部, page 1, no keywords. */
export function readListParams(search: URLSearchParams): ListParams {
  const rawStatus = search.get('status');
  const status = rawStatus !== null && /^[0-4]$/.test(rawStatus) ? (Number(rawStatus) as OrderStatus) : undefined;
  const rawPage = Number(search.get('page'));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  const keywords = (search.get('keywords') ?? '').trim().slice(0, 50);
  return { status, page, keywords };
}

/** The query string of a list, leaving out what is the default (全部, page 1, no keywords). */
export function listSearch(params: Partial<ListParams>): string {
  const out = new URLSearchParams();
  if (params.status !== undefined) out.set('status', String(params.status));
  if (params.keywords) out.set('keywords', params.keywords);
  if (params.page && params.page > 1) out.set('page', String(params.page));
  const text = out.toString();
  return text ? `?${text}` : '';
}

export type ActionKey = keyof OrderActions;

/** The order the buttons stand in, the one to do next first. */
const ACTION_ORDER: ActionKey[] = ['pay', 'receive', 'receipt', 'cancel', 'buy_again', 'return', 'after_sale'];

export const ACTION_LABELS: Record<ActionKey, string> = {
  pay: '去支付',
  receive: '确认收货',
  receipt: '上传签收单',
  cancel: '取消订单',
  buy_again: '再次购买',
  return: '申请退货',
  after_sale: '申请售后',
};

/** The actions the server allows now, the main one first. */
export function visibleActions(actions: OrderActions): ActionKey[] {
  return ACTION_ORDER.filter((key) => actions[key] === 1);
}

/** The buttons drawn in red: paying and confirming receipt move the order on. */
export const isPrimaryAction = (key: ActionKey) => key === 'pay' || key === 'receive';

/** Where 去支付 goes: goods containing ephedrine are paid by bank transfer on /cart/hm. */
export const payPath = (order: Pick<OrderSummary, 'id' | 'is_ephedrine'>) => (order.is_ephedrine ? `/cart/hm?id=${order.id}` : `/cart/step3/${order.id}`);

/** Points 确认收货 grants: one per yuan paid (DESIGN.md section 7). */
export const pointsFor = (payAmount: string) => Math.floor(yuanToFen(payAmount) / 100);

/** Colour class of a status text. */
export function statusTone(order: Pick<OrderSummary, 'status' | 'pay_status'>): 'pay' | 'wait' | 'ship' | 'done' | 'off' {
  if (order.status === 0) return 'pay';
  if (order.status === 1) return 'wait';
  if (order.status === 2) return 'ship';
  if (order.status === 3) return 'done';
  return 'off';
}

export type Step = { title: string; time: number | null; status: 'wait' | 'process' | 'finish' | 'error' };

/**
 * The progress bar of the detail page: 提交订单 → 付款 → 发货 → 完成, each with its time once reached; a
 * cancelled order shows 提交订单 → 已取消 (with the payment step it passed, if any).
 */
export function orderSteps(
  order: Pick<OrderDetail, 'status' | 'pay_status' | 'created_at' | 'paid_at' | 'shipped_at' | 'received_at' | 'cancelled_at'>,
): Step[] {
  if (order.status === 4) {
    const steps: Step[] = [{ title: '提交订单', time: order.created_at, status: 'finish' }];
    if (order.paid_at) steps.push({ title: '付款', time: order.paid_at, status: 'finish' });
    steps.push({ title: '已取消', time: order.cancelled_at, status: 'error' });
    return steps;
  }
  const reached = [order.created_at, order.paid_at, order.shipped_at, order.received_at];
  // The step the order waits at: 0 waits for payment (step 1), 1 for shipping, 2 for receipt, 3 is done.
  const current = order.status === 3 ? 4 : order.status + 1;
  const titles = ['提交订单', order.status === 0 && order.pay_status === 2 ? '付款（待确认转账）' : '付款', '发货', '完成'];
  return titles.map((title, i) => ({
    title,
    time: i < current ? (reached[i] ?? null) : null,
    status: i < current ? 'finish' : i === current ? 'process' : 'wait',
  }));
}

/** The index of the step the bar highlights. */
export const currentStep = (steps: Step[]) => {
  const at = steps.findIndex((s) => s.status === 'process' || s.status === 'error');
  return at === -1 ? steps.length - 1 : at;
};

/** The timeline newest first, like a logistics trace; events of the same second keep their order reversed too. */
export function newestFirst<T extends { time: number }>(events: readonly T[]): T[] {
  return events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => b.e.time - a.e.time || b.i - a.i)
    .map(({ e }) => e);
}

/** The mark of a line that is not an ordinary purchase. */
export function lineKind(type: number): { label: string; tone: 'gift' | 'addon' | 'combo' | 'spike' | 'near' } | null {
  if (type === 8) return { label: '赠品', tone: 'gift' };
  if (type === 9) return { label: '换购', tone: 'addon' };
  if (type === 3) return { label: '组合', tone: 'combo' };
  if (type === 1) return { label: '秒杀', tone: 'spike' };
  if (type === 4) return { label: '近效期', tone: 'near' };
  return null;
}

/**
 * The rows of the amount breakdown, exactly as the server sends them: the goods, each discount the order
 * received (as minus; those it did not get are left out), and the shipping (免运费 when there is none).
 */
export function amountRows(a: OrderAmounts) {
  const discounts = [
    { key: 'welfare', label: '94折优惠', amount: a.welfare_amount },
    { key: 'manjian', label: '满减优惠', amount: a.manjian_amount },
    { key: 'coupon', label: '优惠券', amount: a.coupon_amount },
    { key: 'red-packet', label: '红包抵扣', amount: a.red_packet_amount },
  ].filter((d) => !isZero(d.amount));
  return [
    { key: 'goods', label: '商品金额', value: money(a.goods_amount) },
    ...discounts.map((d) => ({ key: d.key, label: d.label, value: minus(d.amount) })),
    { key: 'shipping', label: '运费', value: isZero(a.shipping_amount) ? '免运费' : `+${money(a.shipping_amount)}` },
  ];
}

export const PAY_METHOD_NAMES: Record<string, string> = {
  balance: '余额支付',
  credit: '账期支付',
  online: '在线支付',
  transfer: '对公转账',
  discount: '优惠全额抵扣',
};

export const INVOICE_NAMES: Record<number, string> = { 0: '不开发票', 1: '电子普通发票', 2: '增值税专用发票' };

/** 已还款, 已逾期 once the due date (YYYY-MM-DD, China time) has passed, else 待还款. */
export function creditBillState(bill: Pick<OrderCreditBill, 'status' | 'due_date'>, today: string): { text: string; tone: 'done' | 'late' | 'open' } {
  if (bill.status === 1) return { text: '已还款', tone: 'done' };
  if (bill.due_date < today) return { text: '已逾期', tone: 'late' };
  return { text: '待还款', tone: 'open' };
}

export { chinaToday };

/** 2026-11-23 21:27:47 in China time from 10-digit seconds (to the minute without `withSeconds`). */
export const formatTime = (seconds: number | null | undefined, withSeconds = true) => (withSeconds ? chinaTime(seconds) : chinaMinute(seconds));

/**
 * Units of each line that may still be asked back: what was bought less what was returned and what open
 * return requests (待审核, 已同意) already ask for. After-sales requests do not take units.
 */
export function returnableNumbers(items: Pick<OrderItem, 'id' | 'number' | 'returned_number'>[], requests: Pick<AfterSale, 'kind' | 'status' | 'lines'>[]) {
  const asked = new Map<number, number>();
  for (const r of requests) {
    if (r.kind !== 'return' || (r.status !== 0 && r.status !== 1)) continue;
    for (const l of r.lines) asked.set(l.item_id, (asked.get(l.item_id) ?? 0) + l.number);
  }
  return new Map(items.map((i) => [i.id, Math.max(0, i.number - i.returned_number - (asked.get(i.id) ?? 0))]));
}

/** A return's refund as the server will work it out: the lines' share of what was paid, each rounded down to the fen. */
export function refundPreview(items: Pick<OrderItem, 'id' | 'number' | 'pay_amount'>[], picks: { item_id: number; number: number }[]) {
  let fen = 0;
  for (const p of picks) {
    const item = items.find((i) => i.id === p.item_id);
    if (item && item.number > 0) fen += Math.floor((yuanToFen(item.pay_amount) * p.number) / item.number);
  }
  return formatMoney(fen);
}

export const AFTER_SALE_NAMES = { return: '退货', after_sale: '售后' } as const;

/** The path of a request's detail page. */
export const afterSalePath = (r: Pick<AfterSale, 'id' | 'kind'>) => (r.kind === 'return' ? `/order/returnInfo/${r.id}` : `/order/afterSalesInfo/${r.id}`);

/** 提交申请 → 平台审核 → 已同意 / 已拒绝 → 完成, for a request's status. */
export function afterSaleSteps(status: AfterSaleStatus, kind: 'return' | 'after_sale'): Step[] {
  const last = kind === 'return' ? '退款完成' : '处理完成';
  if (status === 2)
    return [
      { title: '提交申请', time: null, status: 'finish' },
      { title: '平台审核', time: null, status: 'finish' },
      { title: '已拒绝', time: null, status: 'error' },
    ];
  const current = status === 0 ? 1 : status === 1 ? 2 : 4;
  return ['提交申请', '平台审核', '已同意', last].map((title, i) => ({
    title,
    time: null,
    status: i < current ? 'finish' : i === current ? 'process' : 'wait',
  }));
}

export const AFTER_SALE_TONES: Record<AfterSaleStatus, 'pay' | 'done' | 'off' | 'ship'> = { 0: 'pay', 1: 'ship', 2: 'off', 3: 'done' };

/** The rule shown on 含麻订单 (DESIGN.md section 7). */
export const EPHEDRINE_NOTICE = '含麻黄碱类复方制剂须对公转账，收货后请上传加盖公章的签收单';

/** Reasons offered when cancelling an unpaid order. */
export const CANCEL_REASONS = ['不想买了', '信息填写错误', '重复下单', '其他'] as const;

/** Reasons offered for a return and for an after-sales request. */
export const RETURN_REASONS = ['商品破损', '漏发/错发', '近效期', '质量问题', '采购多了', '其他'] as const;
export const AFTER_SALE_REASONS = ['商品破损', '漏发/错发', '质量问题', '发票问题', '其他'] as const;

/** The reason sent to the server: the chosen one, with what the buyer wrote after it. */
export function composeReason(choice: string, note: string) {
  const text = note.trim();
  if (!text) return choice;
  return `${choice}：${text}`.slice(0, 200);
}
