/** How the screens show the server's money strings, and the discounts a priced line received. */
import { formatMoney, yuanToFen } from '@core/money';
import type { OrderItem } from '@core/schemas/trade';

/** ¥1,234.50 from the server's two-decimal string. */
export const money = (yuan: string) => formatMoney(yuanToFen(yuan));

export const isZero = (yuan: string | null | undefined) => !yuan || yuanToFen(yuan) === 0;

/** The four discounts a line of the cart, the confirm page or an order carries. */
export type LineAmounts = Pick<OrderItem, 'welfare_amount' | 'manjian_amount' | 'coupon_amount' | 'red_packet_amount'>;

/** The discounts a line received, in the order the pricing engine takes them, leaving out the ones it did not get. */
export function lineDiscounts(line: LineAmounts) {
  return [
    { key: 'welfare', label: '94折', amount: line.welfare_amount },
    { key: 'manjian', label: '满减', amount: line.manjian_amount },
    { key: 'coupon', label: '优惠券', amount: line.coupon_amount },
    { key: 'red_packet', label: '红包', amount: line.red_packet_amount },
  ].filter((d) => !isZero(d.amount));
}
