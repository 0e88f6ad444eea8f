/** The table view (/list/table) and the no-image view (/list/no_image): dense rows for comparing goods. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Goods } from '@core/schemas/goods';
import { AddToCart } from '@/ui/AddToCart';
import { LadderHint } from '@/ui/GoodsCard';
import { stockText, unavailable } from '@/ui/sale-state';
import { GoodsTags } from '@/ui/GoodsTag';
import { Price } from '@/ui/Price';
import { ArrivalAction, outOfStock } from './ArrivalAction';

type Props = {
  list: Goods[];
  images: boolean;
  /** A last column of actions on each row (取消收藏 on the favourites page). */
  actions?: (goods: Goods) => ReactNode;
};

export function GoodsTable({ list, images, actions }: Props) {
  return (
    <table className={`yct-goods-table${images ? '' : ' yct-goods-table--plain'}`} data-testid={images ? 'goods-table' : 'goods-noimage'}>
      <thead>
        <tr>
          {images ? <th className="yct-goods-table__img">图片</th> : null}
          <th>商品名称</th>
          <th>规格</th>
          <th>生产厂家</th>
          <th>效期</th>
          <th>中包装</th>
          <th>库存</th>
          <th>价格</th>
          <th className="yct-goods-table__buy">采购数量</th>
          {actions ? <th className="yct-goods-table__actions">操作</th> : null}
        </tr>
      </thead>
      <tbody>
        {list.map((g) => (
          <tr key={g.id} data-testid="goods-row">
            {images ? (
              <td className="yct-goods-table__img">
                <Link to={`/list/info/${g.id}`}>
                  <img src={g.goods_image[0]} alt={g.name} width={60} height={60} loading="lazy" />
                </Link>
              </td>
            ) : null}
            <td>
              <Link to={`/list/info/${g.id}`} className="yct-goods-table__name" data-testid="goods-name">
                {g.name}
              </Link>
              <GoodsTags tags={g.tags} />
              <div className="yct-muted">{g.pzwh}</div>
            </td>
            <td>{g.ypgg}</td>
            <td className="yct-goods-table__maker">{g.sccj}</td>
            <td>{g.xq}</td>
            <td>
              {g.zbz}
              {g.bzdw}
            </td>
            <td className={unavailable(g) ? 'yct-text-red' : ''} data-testid="goods-stock">
              {stockText(g, false)}
            </td>
            <td>
              <Price value={g.base_price} tip={g.price_tip} size="small" />
              <LadderHint goods={g} />
            </td>
            <td className="yct-goods-table__buy">{outOfStock(g) ? <ArrivalAction goods={g} /> : <AddToCart goods={g} compact />}</td>
            {actions ? <td className="yct-goods-table__actions">{actions(g)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
