/** How the console names an order's pay method, its state, a request's kind and where a refund goes. */
import { formatMoney, yuanToFen } from '@core/money';
import type { AdminOrderDetail, AdminOrderRow } from '@core/schemas/admin-orders';

/** `"1234.5"` from the API as `¥1,234.50`. */
export const money = (yuan: string) => formatMoney(yuanToFen(yuan));

export const PAY_METHOD_TEXT: Record<string, string> = {
  balance: '余额支付',
  credit: '账期支付',
  online: '在线支付',
  transfer: '对公转账',
  discount: '优惠抵扣',
};

export const payMethodText = (method: string) => (method ? (PAY_METHOD_TEXT[method] ?? method) : '未支付');

/** The tag colour of an order's state; a transfer waiting for finance stands out from a plain unpaid order. */
export function orderTone(o: Pick<AdminOrderRow, 'status' | 'pay_status'>): string {
  if (o.status === 0) return o.pay_status === 2 ? 'orange' : 'gold';
  return ({ 1: 'blue', 2: 'cyan', 3: 'green', 4: 'default' } as Record<number, string>)[o.status] ?? 'default';
}

export const AFTER_SALE_KIND_TEXT = { return: '退货退款', after_sale: '售后' } as const;
export const AFTER_SALE_TONE: Record<number, string> = { 0: 'orange', 1: 'blue', 2: 'red', 3: 'green' };

/** Where a whole order's refund goes (orders/admin.ts `giveMoneyBack`). */
export function refundDestination(o: Pick<AdminOrderDetail, 'pay_method' | 'credit_bill'>): string {
  if (o.pay_method === 'credit' && o.credit_bill) return '先冲减该订单未还的账期账单，已还部分退回客户账户余额';
  return '退回客户账户余额';
}

/** Line kinds other than plain goods, as a tag beside the name. */
export const LINE_TYPE_TEXT: Record<number, string> = { 1: '秒杀', 3: '组合', 8: '赠品', 9: '换购' };

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿'];

/** An amount in yuan (`"1234.50"`) written in capitals as on Chinese delivery notes and invoices: 壹仟贰佰叁拾肆元伍角整. */
export function yuanInCapitals(yuan: string): string {
  const [wholeText, fracText = ''] = yuan.replace(/^-/, '').split('.');
  const whole = wholeText.replace(/^0+(?=\d)/, '');
  const jiao = Number(fracText[0] ?? 0);
  const fen = Number(fracText[1] ?? 0);
  let text = '';
  if (whole !== '0') {
    const groups: string[] = [];
    for (let end = whole.length; end > 0; end -= 4) groups.unshift(whole.slice(Math.max(0, end - 4), end));
    let zero = false;
    groups.forEach((group, gi) => {
      const digits = group.padStart(4, '0');
      let part = '';
      for (let i = 0; i < 4; i++) {
        const d = Number(digits[i]);
        if (d === 0) {
          zero = part !== '' || text !== '';
        } else {
          if (zero) part += '零';
          part += DIGITS[d] + UNITS[3 - i];
          zero = false;
        }
      }
      if (part) text += part + GROUPS[groups.length - 1 - gi];
    });
    text += '元';
  }
  if (!jiao && !fen) return `${text || '零元'}整`;
  if (jiao) text += `${DIGITS[jiao]}角`;
  else if (text) text += '零';
  if (fen) text += `${DIGITS[fen]}分`;
  else text += '整';
  return text;
}
