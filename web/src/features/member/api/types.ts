/** What the member-centre and quick-purchase calls answer (server/modules/member/service.ts, docs/api.md). */
import type { UserBase } from '@core/schemas/user';
import type { Goods } from '@core/schemas/goods';
import type { Licence, LicenceState } from '@core/schemas/member';
import type { OrderCounts, OrderSummary } from '@core/schemas/trade';

export type MemberCentre = {
  user: UserBase;
  licence: LicenceState & { expiring: Licence[] };
  wallet: {
    balance: string;
    credit_limit: string;
    credit_used: string;
    credit_available: string;
    red_packet: string;
    points: number;
    coupons: number;
    coupons_expiring: number;
  };
  order_counts: OrderCounts;
  recent_orders: OrderSummary[];
  recommend: Goods[];
};

export type FastBuyRow = {
  goods: Goods;
  /** The quantity of the last purchase. */
  last_number: number;
  /** What one click adds: the last quantity in whole middle packages, within the stock (0: none in stock). */
  cart_number: number;
  times: number;
  total_number: number;
  last_time: number;
};

export type FastBuyOrder = 'time' | 'count' | 'number';

export type FastBuyPage = { current_page: number; data: FastBuyRow[]; last_page: number; per_page: number; total: number };
