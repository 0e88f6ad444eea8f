/** The filter rows above a goods list: category, brand, maker, prescription class, zone and (for approved buyers) price. */
import { useState } from 'react';
import type { MenuCategory } from '@core/schemas/content';
import type { FilterOptions } from '@core/schemas/goods';
import { isLoggedIn, useUserBase } from '@/lib/session/get-user-base';
import type { ListParams } from '../api/goods';

/** The zone flags a buyer can filter any list by; 优选 and 控销 only for accounts that have them. */
const ZONES = [
  ['yx', '包邮'],
  ['zy', '中药'],
  ['qx', '器械'],
  ['jxq', '近效期'],
  ['youx', '优选'],
  ['kx', '控销'],
] as const;

const MAKERS_SHOWN = 12;

function PriceRange({ min, max, onApply }: { min: string; max: string; onApply: (min: string, max: string) => void }) {
  const [low, setLow] = useState(min);
  const [high, setHigh] = useState(max);
  const clean = (v: string) => v.replace(/[^\d.]/g, '').slice(0, 9);
  return (
    <form
      className="yct-pricerange"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(low, high);
      }}
    >
      <input value={low} onChange={(e) => setLow(clean(e.target.value))} placeholder="¥ 最低" aria-label="最低价" inputMode="decimal" data-testid="price-min" />
      <span>—</span>
      <input
        value={high}
        onChange={(e) => setHigh(clean(e.target.value))}
        placeholder="¥ 最高"
        aria-label="最高价"
        inputMode="decimal"
        data-testid="price-max"
      />
      <button type="submit" data-testid="price-apply">
        确定
      </button>
    </form>
  );
}

type Props = {
  search: URLSearchParams;
  /** Writes filters to the URL (null or empty clears one). */
  set: (changes: Record<string, string | null>) => void;
  /** Parameters fixed by the route: their rows are not offered. */
  fixed: ListParams;
  /** The categories offered, when the route has its own. */
  categories?: Pick<MenuCategory, 'id' | 'name'>[];
  options?: FilterOptions;
};

export function ListFilters({ search, set, fixed, categories, options }: Props) {
  const { data: user } = useUserBase();
  const approved = isLoggedIn(user) && user.is_passed === 1;
  const [allMakers, setAllMakers] = useState(false);
  const categoryChoices = categories ?? options?.category ?? [];
  const makers = options?.sccj ?? [];
  const zones = ZONES.filter(([key]) => !fixed.zone && (key !== 'youx' || user?.is_show_youx === 1) && (key !== 'kx' || user?.is_special === 1));
  const filter = (key: string, value: string | null, label: string, testid?: string) => (
    <button
      type="button"
      key={value ?? 'all'}
      className={(search.get(key) ?? null) === value ? 'is-active' : ''}
      onClick={() => set({ [key]: value })}
      data-testid={testid}
    >
      {label}
    </button>
  );

  return (
    <div className="yct-filters" data-testid="goods-filters">
      {fixed.category ? null : (
        <dl>
          <dt>分类</dt>
          <dd>
            {filter('category', null, '全部')}
            {categoryChoices.map((c) => filter('category', String(c.id), c.name))}
          </dd>
        </dl>
      )}
      {fixed.brand || !options?.brand.length ? null : (
        <dl>
          <dt>品牌</dt>
          <dd>
            {filter('brand', null, '全部')}
            {(options?.brand ?? []).slice(0, 18).map((b) => filter('brand', String(b.id), b.name))}
          </dd>
        </dl>
      )}
      {makers.length ? (
        <dl data-testid="filter-makers">
          <dt>生产厂家</dt>
          <dd className={allMakers ? '' : 'is-folded'}>
            {filter('sccj', null, '全部')}
            {(allMakers ? makers : makers.slice(0, MAKERS_SHOWN)).map((m) => filter('sccj', m, m.replace(/(集团)?(股份)?有限(责任)?公司$/, '')))}
          </dd>
          {makers.length > MAKERS_SHOWN ? (
            <button type="button" className="yct-filters__more" onClick={() => setAllMakers((v) => !v)}>
              {allMakers ? '收起 ▴' : '更多 ▾'}
            </button>
          ) : null}
        </dl>
      ) : null}
      <dl>
        <dt>处方分类</dt>
        <dd>
          {filter('cfl', null, '全部')}
          {(options?.cfl ?? []).map((c) => filter('cfl', c, c))}
        </dd>
      </dl>
      {zones.length ? (
        <dl>
          <dt>专区</dt>
          <dd>
            {filter('zone', null, '全部')}
            {zones.map(([key, label]) => filter('zone', key, label, `zone-${key}`))}
          </dd>
        </dl>
      ) : null}
      {approved ? (
        <dl>
          <dt>价格</dt>
          <dd>
            <PriceRange
              key={`${search.get('price_min')}-${search.get('price_max')}`}
              min={search.get('price_min') ?? ''}
              max={search.get('price_max') ?? ''}
              onApply={(min, max) => set({ price_min: min || null, price_max: max || null })}
            />
          </dd>
        </dl>
      ) : null}
    </div>
  );
}
