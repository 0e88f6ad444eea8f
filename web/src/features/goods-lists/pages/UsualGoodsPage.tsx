/**
 * /zzfw/kjcg 常购清单 (快捷采购's first tab): the goods the store bought in the last 180 days with the last
 * quantity and unit price and today's price, ordered by the last purchase, how often or how many; each added to
 * the cart in one click at its usual quantity, or the chosen ones (or the whole page) at once; the chosen ones
 * saved to a named list (加入清单); the whole list exported to Excel.
 */
import '@/ui/goods.css';
import '../goods-lists.css';
import { Button, Checkbox, Input, Segmented, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { FastBuyRow } from '@core/schemas/goods-lists';
import { chinaDate } from '@/lib/china-time';
import { useToast } from '@/lib/use-toast';
import { EmptyState } from '@/ui/EmptyState';
import { PagedList, SitePager } from '@/ui/PagedTable';
import { Price } from '@/ui/Price';
import { QuantityStepper } from '@/ui/QuantityStepper';
import { stockText, unavailable } from '@/ui/sale-state';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { GoodsCell, PickAll } from '../components/ListCells';
import { PanelLoading } from '@/ui/account/PanelStates';
import { PurchaseTabs } from '@/ui/account/PurchaseTabs';
import { RequireAccount } from '@/ui/account/RequireAccount';
import { useAddLines, type CartAdd } from '../api/add-to-cart';
import { fastBuyExportUrl, useFastBuy, type FastBuyParams } from '../api/get-fast-buy';
import { SaveToListModal } from '@/ui/SaveToListModal';

const ORDERS: { value: FastBuyParams['order']; label: string }[] = [
  { value: 'time', label: '最近购买' },
  { value: 'count', label: '购买次数' },
  { value: 'number', label: '购买数量' },
];

function readParams(search: URLSearchParams): FastBuyParams {
  const order = (ORDERS.find((o) => o.value === search.get('order'))?.value ?? 'time') as FastBuyParams['order'];
  const page = Math.max(1, Math.floor(Number(search.get('page')) || 1));
  return { page, order, keywords: (search.get('keywords') ?? '').slice(0, 50) };
}

function toQuery(p: Partial<FastBuyParams>) {
  const out = new URLSearchParams();
  if (p.order && p.order !== 'time') out.set('order', p.order);
  if (p.keywords) out.set('keywords', p.keywords);
  if (p.page && p.page > 1) out.set('page', String(p.page));
  const text = out.toString();
  return `/zzfw/kjcg${text ? `?${text}` : ''}`;
}

const buyable = (r: FastBuyRow) => r.goods.is_buy === 1 && r.cart_number > 0 && r.goods.base_price !== null;

type LineProps = {
  r: FastBuyRow;
  picked: boolean;
  onPick: (on: boolean) => void;
  number: number;
  onNumber: (n: number) => void;
  onAdd: () => void;
  adding: boolean;
};

/** How today's price stands against the last price paid: 降 in green, 涨 in red, nothing when the same. */
function PriceMove({ now, last }: { now: string | null; last: string | null }) {
  if (now === null || last === null || now === last) return null;
  const down = Number(now) < Number(last);
  const diff = Math.abs(Number(now) - Number(last)).toFixed(2);
  return (
    <Tooltip title={`上次 ¥${last}`}>
      <p className={down ? 'yct-kj__down' : 'yct-kj__up'} data-testid="fastbuy-move">
        {down ? '比上次降' : '比上次涨'} ¥{diff}
      </p>
    </Tooltip>
  );
}

function FastBuyLine({ r, picked, onPick, number, onNumber, onAdd, adding }: LineProps) {
  const g = r.goods;
  const can = buyable(r);
  const why = unavailable(g);
  return (
    <tr className={can ? undefined : 'is-off'} data-testid="fastbuy-row" data-goods-id={g.id}>
      <td className="yct-kj__check">
        <Checkbox checked={picked} disabled={!can} onChange={(e) => onPick(e.target.checked)} aria-label={`选择${g.name}`} />
      </td>
      <td>
        <GoodsCell goods={g} nameTestId="fastbuy-name" />
      </td>
      <td>
        <b data-testid="fastbuy-last-number">
          {r.last_number}
          {g.bzdw}
        </b>
        {r.last_price !== null ? <span className="yct-muted"> × ¥{r.last_price}</span> : null}
        <p className="yct-muted">{chinaDate(r.last_time)}</p>
      </td>
      <td data-testid="fastbuy-times">
        {r.times}次 / {r.total_number}
        {g.bzdw}
      </td>
      <td>
        <Price value={r.price} tip={g.price_tip} size="small" />
        <PriceMove now={r.price} last={r.last_price} />
      </td>
      <td>
        {why ? <span className="yct-kj__out">{why}</span> : stockText(g, false)}
        <p className="yct-muted">效期 {g.xq}</p>
      </td>
      <td>
        {can ? (
          <QuantityStepper value={number} zbz={g.zbz} stock={g.number} size="small" unit={g.bzdw} onChange={onNumber} />
        ) : (
          <span className="yct-muted">—</span>
        )}
      </td>
      <td>
        <Button size="small" type="primary" ghost disabled={!can || adding} onClick={onAdd} data-testid="fastbuy-add">
          加入购物车
        </Button>
      </td>
    </tr>
  );
}

function UsualEmpty({ keywords, onClear }: { keywords: string; onClear: () => void }) {
  return keywords ? (
    <EmptyState description={`没有找到与“${keywords}”相关的已购商品`}>
      <button type="button" className="yct-btn" onClick={onClear}>
        清除搜索
      </button>
    </EmptyState>
  ) : (
    <EmptyState description="近180天暂无已付款的采购记录，付款后的订单商品会出现在这里">
      <Link to="/list" className="yct-btn yct-btn--primary">
        去采购
      </Link>
    </EmptyState>
  );
}

/** What the list says it is, its order, its search and its export. */
function UsualTools({ params, onChange }: { params: FastBuyParams; onChange: (next: Partial<FastBuyParams>) => void }) {
  const [keywords, setKeywords] = useState(params.keywords);
  return (
    <>
      <div className="yct-kj__intro">
        <span>近180天已付款订单中采购过的商品，按上次采购数量一键加购；今日单价为该数量的阶梯价。</span>
        <Link to="/zzfw/kjcg/lists" className="yct-kj__lists-link">
          我的清单 &gt;
        </Link>
      </div>
      <div className="yct-kj__tools">
        <Segmented value={params.order} options={ORDERS} onChange={(v) => onChange({ order: v as FastBuyParams['order'] })} data-testid="fastbuy-order" />
        <span className="yct-kj__tools-right">
          <Input.Search
            className="yct-kj__search"
            value={keywords}
            onChange={(e) => setKeywords(e.target.value)}
            onSearch={(v) => onChange({ keywords: v.trim().slice(0, 50) })}
            placeholder="商品名称 / 生产厂家"
            allowClear
            enterButton="搜索"
            maxLength={50}
            data-testid="fastbuy-search"
          />
          <Button href={fastBuyExportUrl(params)} download data-testid="fastbuy-export">
            导出Excel
          </Button>
        </span>
      </div>
    </>
  );
}

function UsualGoods() {
  const [search] = useSearchParams();
  const params = readParams(search);
  const navigate = useNavigate();
  const toast = useToast();
  const list = useFastBuy(params);
  const add = useAddLines();
  const [numbers, setNumbers] = useState<Record<number, number>>({});
  const [picked, setPicked] = useState<number[]>([]);
  const [saving, setSaving] = useState<{ goods_id: number; number: number }[] | null>(null);
  const rows = useMemo(() => list.data?.data ?? [], [list.data]);
  const numberOf = (r: FastBuyRow) => numbers[r.goods.id] ?? r.cart_number;
  const line = (r: FastBuyRow): CartAdd => ({ goods_id: r.goods.id, number: numberOf(r), ck_id: r.goods.ck_id, price: r.goods.base_price });

  const addRows = (chosen: FastBuyRow[]) => {
    const lines = chosen.filter(buyable).map(line);
    if (!lines.length) return void toast.warning('请选择可采购的商品');
    add.mutate(lines, {
      onSuccess: () => {
        void toast.success(lines.length > 1 ? `已将${lines.length}种商品加入购物车` : '已加入购物车');
        setPicked([]);
      },
    });
  };

  const go = (next: Partial<FastBuyParams>) => {
    setPicked([]);
    void navigate(toQuery({ ...params, page: 1, ...next }));
  };

  const pageBuyable = rows.filter(buyable);

  const empty = <UsualEmpty keywords={params.keywords} onClear={() => go({ keywords: '' })} />;

  const table = (refreshing: boolean) => (
    <table className={`yct-kj__table${refreshing ? ' is-refreshing' : ''}`} data-testid="fastbuy-list">
      <thead>
        <tr>
          <th className="yct-kj__check">
            <PickAll pickable={pageBuyable.map((r) => r.goods.id)} picked={picked} onPick={setPicked} />
          </th>
          <th>商品信息</th>
          <th>上次采购</th>
          <th>近180天</th>
          <th>今日单价</th>
          <th>库存 / 效期</th>
          <th>采购数量</th>
          <th>操作</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <FastBuyLine
            key={r.goods.id}
            r={r}
            picked={picked.includes(r.goods.id)}
            onPick={(on) => setPicked(on ? [...picked, r.goods.id] : picked.filter((id) => id !== r.goods.id))}
            number={numberOf(r)}
            onNumber={(n) => setNumbers({ ...numbers, [r.goods.id]: n })}
            onAdd={() => addRows([r])}
            adding={add.isPending}
          />
        ))}
      </tbody>
    </table>
  );

  return (
    <div data-testid="fastbuy-page">
      <UsualTools params={params} onChange={go} />
      <PagedList<FastBuyRow> query={list} loading={<PanelLoading />} empty={empty}>
        {(_, refreshing) => (
          <>
            {table(refreshing)}
            <div className="yct-kj__bar">
              <span>
                已选 <b>{picked.length}</b> 种
              </span>
              <Button
                type="primary"
                disabled={!picked.length}
                loading={add.isPending}
                onClick={() => addRows(rows.filter((r) => picked.includes(r.goods.id)))}
                data-testid="fastbuy-add-picked"
              >
                批量加入购物车
              </Button>
              <Button disabled={!pageBuyable.length || add.isPending} onClick={() => addRows(rows)} data-testid="fastbuy-add-all">
                本页全部加入购物车
              </Button>
              <Button
                disabled={!picked.length}
                onClick={() =>
                  setSaving(
                    rows
                      .filter((r) => picked.includes(r.goods.id))
                      .map((r) => ({
                        goods_id: r.goods.id,
                        number: numberOf(r) || Math.max(r.goods.zbz, Math.ceil(r.last_number / r.goods.zbz) * r.goods.zbz),
                      })),
                  )
                }
                data-testid="fastbuy-save-list"
              >
                加入清单
              </Button>
              {list.data ? (
                <SitePager
                  className="yct-kj__pager"
                  page={list.data}
                  showTotal={(n) => `共 ${n} 种`}
                  onChange={(page) => {
                    go({ page });
                    window.scrollTo(0, 0);
                  }}
                />
              ) : null}
            </div>
          </>
        )}
      </PagedList>
      <SaveToListModal lines={saving} onClose={() => setSaving(null)} onSaved={() => setPicked([])} />
    </div>
  );
}

export default function UsualGoodsPage() {
  return (
    <AccountLayout title="快捷采购">
      <PurchaseTabs />
      <RequireAccount>
        <UsualGoods />
      </RequireAccount>
    </AccountLayout>
  );
}
