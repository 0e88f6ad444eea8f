/** The small decisions of the checkout screens, kept pure so that they can be tested without a browser. */
import type { ValidationErrors } from '@core/codes';
import { yuanToFen } from '@core/money';
import type { CartLine } from '@core/schemas/cart';
import type { Confirm, CreatedOrder, OrderDetail, PayMethod } from '@core/schemas/trade';
import { lineDiscounts as discountsOf, money } from '@/lib/money';

export { isZero, money } from '@/lib/money';

/** -¥50.00 for a discount, ¥0.00 when there is none. */
export const minus = (yuan: string) => (yuanToFen(yuan) > 0 ? `-${money(yuan)}` : money('0'));

/** A line's discounts (its 满减 share is `goods_manjian_amount`). */
export const lineDiscounts = (line: Pick<CartLine, 'welfare_amount' | 'goods_manjian_amount' | 'coupon_amount' | 'red_packet_amount'>) =>
  discountsOf({ ...line, manjian_amount: line.goods_manjian_amount });

export type InvoiceField = 'type' | 'title' | 'tax_no' | 'email';

/**
 * Splits a 422 answer of POST /api/order into the invoice fields' messages (`invoice.title` -> `title`) and
 * the others (coupon, remark, address), keeping the first message of each field.
 */
export function splitOrderErrors(errors: ValidationErrors) {
  const invoice: Partial<Record<InvoiceField, string>> = {};
  const other: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const message = messages[0];
    if (!message) continue;
    const match = /^invoice\.(type|title|tax_no|email)$/.exec(field);
    if (match) invoice[match[1] as InvoiceField] = message;
    else other[field] = message;
  }
  return { invoice, other };
}

/**
 * Where to go after signing the contract: a path of this site from `?redirect=`, never another site
 * (`//evil.example`, `https://...`) and never the contract page itself; by default back to step 2.
 */
export function afterContract(redirect: string | null | undefined, fallback = '/cart/step2') {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return fallback;
  if (/^\/dzht(?:[/?#]|$)/i.test(redirect)) return fallback;
  return redirect;
}

/** What the pay page shows for an order. */
export type PayStage = 'ephedrine' | 'paid' | 'cancelled' | 'transfer' | 'unpaid';

export function payStage(order: Pick<OrderDetail, 'status' | 'pay_status' | 'is_ephedrine'>): PayStage {
  if (order.status >= 1 && order.status <= 3) return 'paid';
  if (order.status === 4) return 'cancelled';
  if (order.is_ephedrine) return 'ephedrine';
  if (order.pay_status === 2) return 'transfer';
  return 'unpaid';
}

/** Whether a wallet figure known from step 2 covers the amount; null when the figure is not known. */
export function covers(available: string | null | undefined, amount: string): boolean | null {
  if (available === null || available === undefined || available === '') return null;
  return yuanToFen(available) >= yuanToFen(amount);
}

export const PAY_METHOD_NAMES: Record<PayMethod | 'discount', string> = {
  balance: '余额支付',
  credit: '账期支付',
  online: '在线支付',
  transfer: '对公转账',
  discount: '优惠全额抵扣',
};

/** The wallet figures of step 2 (the balance and the credit available). */
export type Wallet = Confirm['wallet'];

/** Wallet figures handed from step 2 to step 3 through the navigation state (there is no wallet call yet). */
export type PayNavState = { wallet?: Wallet; orders?: CreatedOrder[] };

export function readPayState(state: unknown): PayNavState {
  if (!state || typeof state !== 'object') return {};
  const s = state as PayNavState;
  const wallet = s.wallet && typeof s.wallet.balance === 'string' && typeof s.wallet.credit_available === 'string' ? s.wallet : undefined;
  const orders = Array.isArray(s.orders) ? s.orders : undefined;
  return { wallet, orders };
}

/** An order id from the path or `?id=`: a positive whole number, else 0 (shown as not found). */
export const parseOrderId = (raw: string | null | undefined) => (raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0);

/** The regulation shown on the ephedrine pay page. */
export const EPHEDRINE_NOTICE = '含麻黄碱类复方制剂须对公转账，收货后请在"含麻订单"中上传加盖公章的签收单';

/** 32 random hex characters naming one checkout (`checkout_key` of POST /api/order). */
export function newCheckoutKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
