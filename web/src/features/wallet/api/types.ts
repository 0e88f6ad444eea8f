/** What the wallet calls answer (server/modules/wallet/service.ts). Money is a string with two decimals. */
import type { Paged } from '@core/schemas/common';
import type { WalletInstrument } from '@core/schemas/wallet';

export type UserMoney = {
  balance: string;
  red_packet: string;
  red_packet_share: number;
  points: number;
  credit_limit: string;
  credit_used: string;
  credit_available: string;
  coupon_count: number;
  voucher_count: number;
};

/** One ledger row; for points `amount` and `balance_after` are whole numbers. */
export type LogRow = {
  id: number;
  amount: string | number;
  balance_after: string | number;
  use_type: 1 | 2;
  kind: string;
  kind_text: string;
  memo: string;
  ref_type: string;
  ref_id: number;
  order_id: number | null;
  created_at: number;
};

export type LogPage = Paged<LogRow> & { instrument: WalletInstrument; summary: { in: string | number; out: string | number } };

export type MoneyConfig = {
  options: { amount: string; bonus: string; text: string }[];
  min: string;
  max: string;
  custom: 0 | 1;
  online: 0 | 1;
  notice: string;
};

/** A gateway payment waiting for the scan. */
export type GatewayPayment = { payment_id: number; trade_no: string; amount: string; qr_url: string; expires_in: number };

export type Recharge = GatewayPayment & { id: number; recharge_no: string; bonus: string; status: number };
export type RechargeStatus = { id: number; recharge_no: string; amount: string; bonus: string; status: number; paid: 0 | 1 };

export type Voucher = { id: number; code: string; name: string; amount: string; status: 0 | 1 | 2; status_text: string; expires_at: number; used_at: number | null; created_at: number };
export type VoucherCounts = { unused: number; used: number; expired: number };
export type VoucherPage = Paged<Voucher> & { counts: VoucherCounts };
export type Redeemed = { amount: string; balance: string; voucher: Voucher };

export type Coupon = {
  id: number;
  name: string;
  type: 'manjian' | 'discount';
  type_text: string;
  face: string;
  condition: string;
  limit_text: string;
  scope_text: string;
  starts_at: number;
  ends_at: number;
  status: 0 | 1 | 2;
  status_text: string;
  expiring: 0 | 1;
  used_at: number | null;
  order_id: number | null;
  order_no: string | null;
};
export type CouponCounts = { unused: number; used: number; expired: number; expiring: number };
export type CouponPage = Paged<Coupon> & { counts: CouponCounts };

export type Credit = {
  credit_limit: string;
  credit_used: string;
  credit_available: string;
  credit_days: number;
  unpaid_count: number;
  unpaid_amount: string;
  overdue_count: number;
  overdue_amount: string;
  next_due_date: string | null;
};

export type Bill = {
  id: number;
  order_id: number;
  order_no: string;
  amount: string;
  repaid: string;
  remaining: string;
  due_date: string;
  days_left: number | null;
  overdue: 0 | 1;
  status: 0 | 1;
  status_text: string;
  created_at: number;
  repaid_at: number | null;
};

export type Repay = { id: number; repay_no: string; amount: string; bill_ids: number[]; bill_count: number; method: string; status: number; paid: 0 | 1 };
export type RepayPaid = Repay & { already: 0 | 1 } & Partial<GatewayPayment>;
