/** The cells 常购清单 and 我的清单 share: the header's 全选, and each line's goods. */
import { Checkbox } from 'antd';
import { Link } from 'react-router';
import type { Goods } from '@core/schemas/goods';

/** 全选 of the lines that may be picked (`pickable`, by goods id), against those picked. */
export function PickAll({ pickable, picked, onPick }: { pickable: number[]; picked: number[]; onPick: (ids: number[]) => void }) {
  const all = pickable.length > 0 && pickable.every((id) => picked.includes(id));
  return (
    <Checkbox
      checked={all}
      indeterminate={!all && picked.length > 0}
      disabled={!pickable.length}
      onChange={(e) => onPick(e.target.checked ? pickable : [])}
      aria-label="全选"
    />
  );
}

/** A line's goods: picture and name to its page, spec, unit and middle package, maker. */
export function GoodsCell({ goods: g, nameTestId }: { goods: Goods; nameTestId?: string }) {
  return (
    <div className="yct-kj__goods">
      <Link to={`/list/info/${g.id}`} className="yct-kj__img">
        <img src={g.goods_image[0]} alt={g.name} width={56} height={56} loading="lazy" />
      </Link>
      <div>
        <Link to={`/list/info/${g.id}`} className="yct-kj__name" data-testid={nameTestId}>
          {g.name}
        </Link>
        <p className="yct-muted">
          {g.ypgg} / {g.bzdw} · 中包装 {g.zbz}
        </p>
        <p className="yct-muted yct-kj__maker">{g.sccj}</p>
      </div>
    </div>
  );
}
