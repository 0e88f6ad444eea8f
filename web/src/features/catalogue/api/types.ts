/** What the catalogue calls answer besides the goods themselves (@/api/types/goods). */
import type { Goods } from '@core/schemas/goods';

export type Paged<T> = { current_page: number; data: T[]; last_page: number; per_page: number; total: number };
/** A goods list counts up to 10,000 matches; `total_more` 1 says there are more than `total`. */
export type GoodsPage<T> = Paged<T> & { total_more?: 0 | 1 };

export type FilterOptions = {
  category: { id: number; name: string; children: { id: number; name: string }[] }[];
  brand: { id: number; name: string; logo: string }[];
  sccj: string[];
  cfl: string[];
  jx: string[];
};

/** Goods on a promotion: the activity's price (null when hidden, like every price) and its per-account limit. */
export type PromoGoods = Goods & { activity_id: number; activity_price: string | null; limit: number; quota?: number };

export type SpikeSession = { id: number; name: string; start_time: number; end_time: number; status: 0 | 1 | 2 };

export type Spike = { timestamp: number; sessions: SpikeSession[]; current: SpikeSession | null; goods: PromoGoods[] };

export type DailySpecials = { date: string; weekday: number; timestamp: number; end_time: number; name: string; goods: PromoGoods[] };

export type Floor = {
  floor: number;
  id: number;
  name: string;
  logo1: string;
  url: string;
  children: { id: number; name: string; url: string }[];
  goods: Goods[];
};

export type Brand = { id: number; name: string; logo: string; banner: string; description: string; url: string; goods_count: number };
export type BrandTile = Brand & { goods: Goods[] };
