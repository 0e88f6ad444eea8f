/**
 * /zzfw/kjcg/lists/:id? 我的清单: the named lists a buyer keeps (每周补货 ...) at the left, the open list at the right
 * with each line's goods today (price at the kept quantity, stock, expiry), the quantity edited in whole middle
 * packages, lines removed, the whole list or the chosen lines added to the cart in one click, and its export.
 */
import '@/ui/goods.css';
import '../goods-lists.css';
import { Button, Checkbox, Input, Modal, Popconfirm } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { GOODS_LIST_NAME_MAX, GOODS_LIST_NUMBER_MAX, type GoodsListCarted, type GoodsListItem, type GoodsListSummary } from '@core/schemas/goods-lists';
import { isApiError } from '@/api/client';
import { useToast } from '@/lib/use-toast';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { Price } from '@/ui/Price';
import { QuantityStepper } from '@/ui/QuantityStepper';
import { stockText, unavailable } from '@/ui/sale-state';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { GoodsCell, PickAll } from '../components/ListCells';
import { PanelLoading } from '@/ui/account/PanelStates';
import { PurchaseTabs } from '@/ui/account/PurchaseTabs';
import { RequireAccount } from '@/ui/account/RequireAccount';
import { goodsListExportUrl, useGoodsList } from '../api/get-goods-list';
import { useGoodsLists } from '@/lib/goods-lists/get-goods-lists';
import { useCreateGoodsList } from '@/lib/goods-lists/list-write';
import { useGoodsListToCart } from '../api/goods-list-to-cart';
import { useDeleteGoodsList, usePutGoodsListItems, useRemoveGoodsListItems, useRenameGoodsList } from '../api/save-goods-list';

const listPath = (id?: number) => (id ? `/zzfw/kjcg/lists/${id}` : '/zzfw/kjcg/lists');

/** New list or new name: one field, its error from the server under it. */
function NameModal({
  title,
  initial,
  open,
  onClose,
  onSubmit,
  busy,
}: {
  title: string;
  initial: string;
  open: boolean;
  onClose: () => void;
  onSubmit: (name: string, fail: (message: string) => void) => void;
  busy: boolean;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState('');
  useEffect(() => {
    if (open) {
      setName(initial);
      setError('');
    }
  }, [open, initial]);
  const submit = () => (name.trim() ? onSubmit(name.trim(), setError) : setError('请输入清单名称'));
  return (
    <Modal
      open={open}
      title={title}
      okText="保存"
      cancelText="取消"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="list-name-modal"
    >
      <Input
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setError('');
        }}
        onPressEnter={submit}
        maxLength={GOODS_LIST_NAME_MAX}
        placeholder="清单名称，如 每周补货"
        status={error ? 'error' : undefined}
        autoFocus
        showCount
        data-testid="list-name-input"
      />
      {error ? (
        <p className="yct-gl__error" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}

function ListsColumn({ lists, current, max, onNew }: { lists: GoodsListSummary[]; current: number | null; max: number; onNew: () => void }) {
  return (
    <aside className="yct-gl__side" data-testid="goods-lists">
      <div className="yct-gl__side-head">
        <span>
          我的清单{' '}
          <small className="yct-muted">
            {lists.length}/{max}
          </small>
        </span>
        <Button size="small" type="primary" ghost onClick={onNew} disabled={lists.length >= max} data-testid="list-new">
          新建清单
        </Button>
      </div>
      {lists.map((l) => (
        <Link key={l.id} to={listPath(l.id)} className={`yct-gl__entry${l.id === current ? ' is-active' : ''}`} data-testid="goods-list-entry">
          <span className="yct-gl__entry-name">{l.name}</span>
          <small>{l.count}种</small>
        </Link>
      ))}
    </aside>
  );
}

function ItemRow({
  item,
  picked,
  onPick,
  onNumber,
  onRemove,
  busy,
}: {
  item: GoodsListItem;
  picked: boolean;
  onPick: (on: boolean) => void;
  onNumber: (n: number) => void;
  onRemove: () => void;
  busy: boolean;
}) {
  const g = item.goods;
  const why = item.on_sale ? unavailable(g) : '已下架';
  return (
    <tr className={why ? 'is-off' : undefined} data-testid="goods-list-row" data-goods-id={g.id}>
      <td className="yct-kj__check">
        <Checkbox checked={picked} disabled={Boolean(why)} onChange={(e) => onPick(e.target.checked)} aria-label={`选择${g.name}`} />
      </td>
      <td>
        <GoodsCell goods={g} />
      </td>
      <td>
        <Price value={item.price} tip={g.price_tip} size="small" />
      </td>
      <td>{why ? <span className="yct-kj__out">{why}</span> : stockText(g, false)}</td>
      <td>{g.xq}</td>
      <td>
        <QuantityStepper value={item.number} zbz={g.zbz} stock={GOODS_LIST_NUMBER_MAX} size="small" unit={g.bzdw} onChange={onNumber} disabled={busy} />
      </td>
      <td>
        <Popconfirm title="从清单中删除该商品？" okText="删除" cancelText="取消" onConfirm={onRemove}>
          <Button size="small" type="link" danger data-testid="goods-list-remove">
            删除
          </Button>
        </Popconfirm>
      </td>
    </tr>
  );
}

/** What adding to the cart says: how many went in, and the lines left out with why. */
function cartedText(r: GoodsListCarted) {
  const left = r.skipped.length
    ? `，${r.skipped.length}种未加入（${r.skipped
        .slice(0, 3)
        .map((s) => `${s.name}${s.reason}`)
        .join('，')}${r.skipped.length > 3 ? '等' : ''}）`
    : '';
  return `已将${r.added}种商品加入购物车${left}`;
}

function OpenList({ id, onRename, onDeleted }: { id: number; onRename: (l: GoodsListSummary) => void; onDeleted: () => void }) {
  const detail = useGoodsList(id);
  const toast = useToast();
  const put = usePutGoodsListItems();
  const remove = useRemoveGoodsListItems();
  const drop = useDeleteGoodsList();
  const toCart = useGoodsListToCart();
  const [picked, setPicked] = useState<number[]>([]);
  useEffect(() => setPicked([]), [id]);

  if (detail.isPending) return <PanelLoading />;
  if (detail.isError)
    return isApiError(detail.error) && detail.error.status === 404 ? (
      <EmptyState description="清单不存在或已删除">
        <Link to={listPath()} className="yct-btn">
          返回我的清单
        </Link>
      </EmptyState>
    ) : (
      <ErrorState onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
    );
  const list = detail.data;
  const buyable = list.items.filter((i) => i.on_sale && !unavailable(i.goods));
  const fail = (err: unknown) => void toast.error(isApiError(err) ? err.message : '操作失败，请稍后重试');
  const addToCart = (goodsIds?: number[]) =>
    toCart.mutate(
      { id, goodsIds },
      {
        onSuccess: (r) => {
          void (r.skipped.length ? toast.warning(cartedText(r)) : toast.success(cartedText(r)));
          setPicked([]);
        },
        onError: fail,
      },
    );

  return (
    <section className="yct-gl__main" data-testid="goods-list-detail">
      <div className="yct-gl__head">
        <h3 data-testid="goods-list-name">{list.name}</h3>
        <span className="yct-muted">共 {list.count} 种商品</span>
        <span className="yct-gl__head-tools">
          <Button size="small" onClick={() => onRename(list)} data-testid="list-rename">
            重命名
          </Button>
          <Button size="small" href={goodsListExportUrl(id)} download data-testid="list-export">
            导出Excel
          </Button>
          <Popconfirm
            title={`删除清单“${list.name}”？`}
            description="清单中的商品记录将一并删除"
            okText="删除"
            cancelText="取消"
            onConfirm={() => drop.mutate(id, { onSuccess: onDeleted, onError: fail })}
          >
            <Button size="small" danger data-testid="list-delete">
              删除清单
            </Button>
          </Popconfirm>
        </span>
      </div>
      {list.items.length ? (
        <table className={`yct-kj__table${detail.isFetching ? ' is-refreshing' : ''}`} data-testid="goods-list-table">
          <thead>
            <tr>
              <th className="yct-kj__check">
                <PickAll pickable={buyable.map((i) => i.goods.id)} picked={picked} onPick={setPicked} />
              </th>
              <th>商品信息</th>
              <th>今日单价</th>
              <th>库存</th>
              <th>效期</th>
              <th>采购数量</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((item) => (
              <ItemRow
                key={item.goods.id}
                item={item}
                picked={picked.includes(item.goods.id)}
                onPick={(on) => setPicked(on ? [...picked, item.goods.id] : picked.filter((g) => g !== item.goods.id))}
                onNumber={(n) => put.mutate({ id, items: [{ goods_id: item.goods.id, number: n }] }, { onError: fail })}
                onRemove={() => remove.mutate({ id, goodsIds: [item.goods.id] }, { onError: fail })}
                busy={put.isPending}
              />
            ))}
          </tbody>
        </table>
      ) : (
        <EmptyState description="清单中还没有商品，可在常购清单中勾选商品后“加入清单”">
          <Link to="/zzfw/kjcg" className="yct-btn yct-btn--primary">
            去常购清单
          </Link>
        </EmptyState>
      )}
      {list.items.length ? (
        <div className="yct-kj__bar">
          <span>
            已选 <b>{picked.length}</b> 种
          </span>
          <Button disabled={!picked.length} loading={toCart.isPending} onClick={() => addToCart(picked)} data-testid="list-add-picked">
            选中加入购物车
          </Button>
          <Button type="primary" disabled={!buyable.length} loading={toCart.isPending} onClick={() => addToCart()} data-testid="list-add-all">
            整单加入购物车
          </Button>
          <span className="yct-muted yct-gl__bar-note">按清单数量加入，库存不足时按现有库存；已下架、缺货的商品不加入</span>
        </div>
      ) : null}
    </section>
  );
}

function GoodsLists() {
  const { id: raw } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const lists = useGoodsLists();
  const create = useCreateGoodsList();
  const rename = useRenameGoodsList();
  const [naming, setNaming] = useState<{ list: GoodsListSummary | null } | null>(null);
  const asked = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const first = lists.data?.data[0]?.id;
  const current = asked ?? first ?? null;

  useEffect(() => {
    if (!raw && first) void navigate(listPath(first), { replace: true });
  }, [raw, first, navigate]);

  if (lists.isPending) return <PanelLoading />;
  if (lists.isError) return <ErrorState onRetry={() => void lists.refetch()} retrying={lists.isFetching} />;

  const submitName = (name: string, fail: (message: string) => void) => {
    const onError = (err: unknown) => fail(isApiError(err) ? err.message : '保存失败，请稍后重试');
    const editing = naming?.list;
    if (editing)
      rename.mutate(
        { id: editing.id, name },
        {
          onSuccess: () => {
            void toast.success('已重命名');
            setNaming(null);
          },
          onError,
        },
      );
    else
      create.mutate(
        { name, items: [] },
        {
          onSuccess: (saved) => {
            setNaming(null);
            void navigate(listPath(saved.id));
          },
          onError,
        },
      );
  };

  return (
    <div className="yct-gl" data-testid="goods-lists-page">
      {lists.data.data.length ? (
        <>
          <ListsColumn lists={lists.data.data} current={current} max={lists.data.max} onNew={() => setNaming({ list: null })} />
          {current ? (
            <OpenList
              id={current}
              onRename={(list) => setNaming({ list })}
              onDeleted={() => {
                void toast.success('已删除清单');
                void navigate(listPath(), { replace: true });
              }}
            />
          ) : null}
        </>
      ) : (
        <EmptyState description="还没有清单。把每周、每月常补的商品存成清单，下次一键加入购物车">
          <Button type="primary" onClick={() => setNaming({ list: null })} data-testid="list-new">
            新建清单
          </Button>
          <Link to="/zzfw/kjcg" className="yct-btn">
            从常购清单添加
          </Link>
        </EmptyState>
      )}
      <NameModal
        title={naming?.list ? '重命名清单' : '新建清单'}
        initial={naming?.list?.name ?? ''}
        open={naming !== null}
        onClose={() => setNaming(null)}
        onSubmit={submitName}
        busy={create.isPending || rename.isPending}
      />
    </div>
  );
}

export default function GoodsListsPage() {
  return (
    <AccountLayout title="快捷采购">
      <PurchaseTabs />
      <RequireAccount>
        <GoodsLists />
      </RequireAccount>
    </AccountLayout>
  );
}
