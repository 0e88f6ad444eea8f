/**
 * Step 3 匹配结果: the counts of each state, which also filter the lines; the lines; and the bar that puts the
 * kept ones in the cart in one request, whose answer (rows added, rows refused with why) stays on the page.
 */
import { Alert, Button, Checkbox } from 'antd';
import { useCallback, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { Link } from 'react-router';
import type { PurchaseListCartInput, PurchaseListCarted, PurchaseListLine, PurchaseListMatch } from '@core/schemas/purchase-lists';
import { EmptyState } from '@/ui/EmptyState';
import { cartLines, chooseBest, FILTERS, keepAll, type Decision, type Decisions, type Filter } from '../lib/lines';
import { LineRow, type Carted, type Requested } from './LineRow';

type Props = {
  match: PurchaseListMatch;
  decisions: Decisions;
  onDecisions: Dispatch<SetStateAction<Decisions>>;
  requested: Record<number, Requested>;
  onRequest: (line: PurchaseListLine) => void;
  carting: boolean;
  carted: PurchaseListCarted | null;
  cartError: string | null;
  onCart: (lines: PurchaseListCartInput['lines']) => void;
  /** Back to the columns, to match again with another mapping. */
  onColumns: () => void;
  onRestart: () => void;
};

const ADDED: Carted = { added: true };

function CartAnswer({ carted }: { carted: PurchaseListCarted }) {
  const added = carted.added.length;
  return (
    <Alert
      type={carted.refused.length ? 'warning' : 'success'}
      showIcon
      className="yct-pl__answer"
      data-testid="pl-cart-answer"
      title={
        <>
          <span data-testid="pl-cart-added">{added} 行已加入购物车</span>
          {carted.refused.length ? `，${carted.refused.length} 行未能加入` : null}
        </>
      }
      description={
        carted.refused.length ? (
          <ul className="yct-pl__refused" data-testid="pl-cart-refused">
            {carted.refused.map((r) => (
              <li key={r.row}>
                第{r.row}行：{r.message}
              </li>
            ))}
          </ul>
        ) : null
      }
      action={
        added ? (
          <Link to="/cart" className="yct-btn yct-btn--primary" data-testid="pl-go-cart">
            去购物车结算
          </Link>
        ) : null
      }
    />
  );
}

export function ResultStep({ match, decisions, onDecisions, requested, onRequest, carting, carted, cartError, onCart, onColumns, onRestart }: Props) {
  const [filter, setFilter] = useState<Filter>('all');
  const lines = match.lines;
  const shown = filter === 'all' ? lines : lines.filter((l) => l.state === filter);
  const addedRows = useMemo(() => new Set(carted?.added ?? []), [carted]);
  // What each row's cart request came to, the same objects from one drawing to the next (LineRow is memoised).
  const cartedRows = useMemo(() => {
    const rows = new Map<number, Carted>();
    for (const r of carted?.refused ?? []) rows.set(r.row, { added: false, message: r.message });
    for (const row of carted?.added ?? []) rows.set(row, ADDED);
    return rows;
  }, [carted]);
  const onDecision = useCallback((row: number, d: Decision) => onDecisions((all) => ({ ...all, [row]: d })), [onDecisions]);
  // Lines already in the cart are not sent again.
  const open = lines.filter((l) => !addedRows.has(l.row));
  const picked = cartLines(open, decisions);
  const pieces = picked.reduce((n, l) => n + Number(l.number), 0);
  const keepableCount = open.filter((l) => l.candidates.some((c) => c.goods.id === decisions[l.row]?.goodsId && c.sellable === 1)).length;
  const allKept = keepableCount > 0 && picked.length === keepableCount;
  const toChoose = open.filter((l) => l.state === 'choose' && decisions[l.row]?.goodsId === null && l.candidates.some((c) => c.sellable === 1)).length;
  const count = (key: Filter) => (key === 'all' ? lines.length : match.counts[key]);

  return (
    <div className="yct-pl__result" data-testid="pl-result">
      <div className="yct-pl__summary" role="tablist" aria-label="按匹配结果筛选" data-testid="pl-summary">
        {FILTERS.map((f) => (
          <button
            key={f.key}
            type="button"
            role="tab"
            aria-selected={filter === f.key}
            className={`yct-pl__count is-${f.key}${filter === f.key ? ' is-active' : ''}`}
            onClick={() => setFilter(f.key)}
            data-testid={`pl-count-${f.key}`}
          >
            <b>{count(f.key)}</b>
            <span>{f.label}</span>
          </button>
        ))}
      </div>
      {carted ? <CartAnswer carted={carted} /> : null}
      {cartError ? <Alert type="error" showIcon title={cartError} className="yct-pl__answer" data-testid="pl-cart-error" /> : null}
      {shown.length ? (
        <table className="yct-pl__table" data-testid="pl-lines">
          <colgroup>
            <col className="yct-pl__col-check" />
            <col className="yct-pl__col-row" />
            <col className="yct-pl__col-plan" />
            <col />
            <col className="yct-pl__col-reason" />
            <col className="yct-pl__col-price" />
            <col className="yct-pl__col-qty" />
          </colgroup>
          <thead>
            <tr>
              <th className="yct-pl__check">
                <Checkbox
                  checked={allKept}
                  indeterminate={!allKept && picked.length > 0}
                  disabled={!keepableCount}
                  onChange={(e) => onDecisions(keepAll(open, decisions, e.target.checked))}
                  aria-label="全选"
                />
              </th>
              <th className="yct-pl__rowno">行号</th>
              <th>采购计划</th>
              <th>匹配商品</th>
              <th>匹配依据</th>
              <th>单价</th>
              <th>采购数量</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((line) => (
              <LineRow
                key={line.row}
                line={line}
                decision={decisions[line.row]}
                onDecision={onDecision}
                carted={cartedRows.get(line.row)}
                requested={requested[line.row]}
                onRequest={onRequest}
              />
            ))}
          </tbody>
        </table>
      ) : (
        <EmptyState description="没有此类的行" />
      )}
      <div className="yct-pl__bar" data-testid="pl-bar">
        <span>
          已选 <b data-testid="pl-picked">{picked.length}</b> 行，共 <b>{pieces}</b> 件
        </span>
        {toChoose ? (
          <Button size="small" onClick={() => onDecisions(chooseBest(open, decisions))} data-testid="pl-choose-best">
            待选择的 {toChoose} 行选用首选商品
          </Button>
        ) : null}
        <span className="yct-pl__bar-end">
          <Button onClick={onColumns} disabled={carting} data-testid="pl-back">
            修改列设置
          </Button>
          <Button onClick={onRestart} disabled={carting} data-testid="pl-restart">
            重新导入
          </Button>
          <Button type="primary" disabled={!picked.length} loading={carting} onClick={() => onCart(picked)} data-testid="pl-cart">
            加入购物车{picked.length ? `（${picked.length}行）` : ''}
          </Button>
          {carted?.added.length ? (
            <Link to="/cart" className="yct-btn yct-btn--primary yct-pl__bar-cart" data-testid="pl-bar-go-cart">
              去购物车结算
            </Link>
          ) : null}
        </span>
      </div>
    </div>
  );
}
