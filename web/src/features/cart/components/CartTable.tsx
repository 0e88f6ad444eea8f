/** The cart's lines: a head row, each 满减 activity with its progress and lines, other lines, then 失效商品. */
import { Checkbox } from 'antd';
import { Link } from 'react-router';
import type { CartLine, GiftGroup, ManjianGroup } from '@core/schemas/cart';
import { useSelectCartLines } from '../api/select-cart-lines';
import { allChosen, groupLines, manjianProgress, selectable, someChosen, tierName, topUpLink } from '../lib/cart-view';
import { useFirstGoods } from '@/lib/documents/first-goods';
import { CartLineRow } from './CartLineRow';
import { useDeleteLines } from './use-delete-lines';

/** Ticks or unticks every line of `lines` that can be ticked. */
function GroupCheck({ lines, label, testId }: { lines: CartLine[]; label: string; testId: string }) {
  const select = useSelectCartLines();
  const open = selectable(lines);
  const all = allChosen(lines);
  return (
    <Checkbox
      checked={all}
      indeterminate={!all && someChosen(lines)}
      disabled={!open.length}
      onChange={(e) => select.mutate({ ids: open.map((l) => l.id!), selected: e.target.checked })}
      aria-label={label}
      data-testid={testId}
    >
      {label}
    </Checkbox>
  );
}

function ManjianHead({ manjian, lines }: { manjian: ManjianGroup; lines: CartLine[] }) {
  const progress = manjianProgress(manjian, lines);
  return (
    <div className="yct-cgroup__head" data-testid="manjian-group" data-activity-id={manjian.activity_id} data-reached={progress.reached ? '1' : '0'}>
      <GroupCheck lines={lines} label="" testId="group-check" />
      <span className="yct-tag yct-tag--orange">满减</span>
      <strong className="yct-cgroup__name">{manjian.name}</strong>
      <span className="yct-cgroup__tiers">
        {manjian.tiers.map((t) => (
          <span key={t.amount} className={t.status === 1 ? 'is-reached' : ''} data-testid="manjian-tier" data-status={t.status}>
            {t.status === 1 ? '✓ ' : ''}
            {tierName(t)}
          </span>
        ))}
      </span>
      <span className={`yct-cgroup__progress${progress.reached ? ' is-reached' : ''}`} data-testid="manjian-progress">
        {progress.text}
      </span>
      {manjian.next ? (
        <Link to={topUpLink(lines)} className="yct-cgroup__more" data-testid="manjian-topup">
          去凑单 ›
        </Link>
      ) : null}
    </div>
  );
}

export function CartTable({ lines, manjians, gifts }: { lines: CartLine[]; manjians: ManjianGroup[]; gifts: GiftGroup[] }) {
  const { groups, plain, invalid } = groupLines(lines, manjians);
  const remove = useDeleteLines();
  const first = useFirstGoods(lines.flatMap((l) => (l.type === 3 ? [] : [l.goods_id])));
  return (
    <div className="yct-ctable" data-testid="cart-table">
      <div className="yct-ctable__head">
        <div className="yct-cline__check">
          <GroupCheck lines={lines} label="全选" testId="head-check" />
        </div>
        <div>商品信息</div>
        <div>单价</div>
        <div>数量</div>
        <div>小计</div>
        <div>操作</div>
      </div>
      {groups.map((g) => (
        <section key={g.manjian.activity_id} className="yct-cgroup">
          <ManjianHead manjian={g.manjian} lines={g.lines} />
          {g.lines.map((l) => (
            <CartLineRow key={l.id ?? l.goods_id} line={l} gifts={gifts} first={first.has(l.goods_id)} />
          ))}
        </section>
      ))}
      {plain.length ? (
        <section className="yct-cgroup" data-testid="plain-group">
          {groups.length ? (
            <div className="yct-cgroup__head yct-cgroup__head--plain">
              <GroupCheck lines={plain} label="" testId="group-check" />
              <strong className="yct-cgroup__name">其他商品</strong>
            </div>
          ) : null}
          {plain.map((l) => (
            <CartLineRow key={l.id ?? l.goods_id} line={l} gifts={gifts} first={first.has(l.goods_id)} />
          ))}
        </section>
      ) : null}
      {invalid.length ? (
        <section className="yct-cgroup yct-cgroup--invalid" data-testid="invalid-group">
          <div className="yct-cgroup__head">
            <strong className="yct-cgroup__name">失效商品</strong>
            <span className="yct-muted">共 {invalid.length} 种，暂时无法购买</span>
            <button
              type="button"
              className="yct-linkbtn yct-cgroup__more"
              onClick={() =>
                remove.ask(
                  invalid.flatMap((l) => (l.id === null ? [] : [l.id])),
                  '确定清空失效商品吗?',
                  '已清空失效商品',
                )
              }
              data-testid="clear-invalid"
            >
              清空失效商品
            </button>
          </div>
          {invalid.map((l) => (
            <CartLineRow key={l.id ?? l.goods_id} line={l} gifts={gifts} first={first.has(l.goods_id)} />
          ))}
        </section>
      ) : null}
    </div>
  );
}
