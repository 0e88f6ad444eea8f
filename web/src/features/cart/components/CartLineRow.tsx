/** One cart line: tick, picture, name with tags, spec, maker, expiry, unit price, quantity, subtotal, actions. */
import { App, Button, Checkbox, Tooltip } from 'antd';
import { Link, useNavigate } from 'react-router';
import { expiryText } from '@core/expiry';
import type { CartLine, GiftGroup } from '@core/schemas/cart';
import { FIRST_GOODS_TIP } from '@/lib/documents/first-goods';
import { GoodsTags } from '@/ui/GoodsTag';
import { stockText } from '@/ui/sale-state';
import { useAddFavorite } from '../api/add-favorite';
import { useSelectCartLines } from '../api/select-cart-lines';
import { isInvalid, lineDiscounts, lineGift, linePrice, lineUnit, manjianShare, money } from '../lib/cart-view';
import { LineQuantity } from './LineQuantity';
import { useDeleteLines } from './use-delete-lines';

function PriceCell({ line }: { line: CartLine }) {
  const { price, original, notes } = linePrice(line);
  return (
    <div className="yct-cline__price">
      <span className="yct-cline__unit" data-testid="line-price">
        {money(price)}
      </span>
      {original ? <del className="yct-cline__original">{money(original)}</del> : null}
      {notes.map((n) => (
        <span key={n} className="yct-cline__note" data-testid="line-price-note">
          {n}
        </span>
      ))}
      <ManjianApart line={line} />
    </div>
  );
}

/** In a 满减 group, a line whose offer-priced units do not count towards it says so, with the reason. */
function ManjianApart({ line }: { line: CartLine }) {
  if (line.manjian_activity_id === null) return null;
  const share = manjianShare(line);
  if (share.counts === 'all') return null;
  return (
    <span className="yct-cline__apart" title={share.note ?? undefined} data-testid="line-manjian-apart" data-counts={share.counts}>
      {share.counts === 'none' ? '不参与满减' : '部分参与满减'}
      <small>{share.note}</small>
    </span>
  );
}

function Favourite({ goodsId }: { goodsId: number }) {
  const add = useAddFavorite();
  const { message } = App.useApp();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="yct-linkbtn"
      disabled={add.isPending}
      onClick={() =>
        add.mutate(goodsId, {
          onSuccess: () =>
            void message.success({
              content: (
                <span data-testid="favorite-toast">
                  收藏成功
                  <Button type="link" size="small" onClick={() => void navigate('/star')}>
                    查看收藏
                  </Button>
                </span>
              ),
            }),
        })
      }
      data-testid="line-favorite"
    >
      移入收藏
    </button>
  );
}

/** `first`: a goods the account has never bought (首营), whose documents join the order's pack. */
export function CartLineRow({ line, gifts, first = false }: { line: CartLine; gifts: readonly GiftGroup[]; first?: boolean }) {
  const select = useSelectCartLines();
  const remove = useDeleteLines();
  const invalid = isInvalid(line);
  const g = line.goods;
  const gift = lineGift(line, gifts);
  const discounts = lineDiscounts(line);
  const name = line.combination?.name ?? g?.name ?? '商品已下架';
  const href = g ? `/list/info/${g.id}` : undefined;
  const unit = lineUnit(line);
  const id = line.id;
  const checked = !invalid && line.chosen === 1;
  const box = (
    <Checkbox
      checked={checked}
      disabled={invalid || id === null}
      onChange={(e) => id !== null && select.mutate({ ids: [id], selected: e.target.checked })}
      aria-label={`选择${name}`}
      data-testid="line-check"
    />
  );
  return (
    <div
      className={`yct-cline${invalid ? ' is-invalid' : ''}${checked ? ' is-checked' : ''}`}
      data-testid="cart-line"
      data-line-id={id ?? ''}
      data-goods-id={line.goods_id}
      data-selected={checked ? '1' : '0'}
    >
      <div className="yct-cline__check">
        {invalid && line.excluded ? <Tooltip title={line.excluded.message}>{box}</Tooltip> : box}
        {invalid ? <span className="yct-cline__badge">失效</span> : null}
      </div>
      <div className="yct-cline__goods">
        {href ? (
          <Link to={href} className="yct-cline__image">
            <img src={g?.goods_image[0]} alt={name} width={80} height={80} loading="lazy" />
          </Link>
        ) : (
          <span className="yct-cline__image" />
        )}
        <div className="yct-cline__info">
          <div className="yct-cline__name">
            {line.type === 1 || line.promo?.kind === 'spike' ? <span className="yct-tag yct-tag--red">秒杀</span> : null}
            {line.type === 3 ? <span className="yct-tag yct-tag--orange">组合</span> : null}
            {line.type === 4 ? (
              <span className="yct-tag yct-tag--orange" data-testid="line-near">
                近效期
              </span>
            ) : null}
            {first ? (
              <Tooltip title={FIRST_GOODS_TIP}>
                <span className="yct-tag yct-tag--blue" data-testid="line-first">
                  首营
                </span>
              </Tooltip>
            ) : null}
            {href ? (
              <Link to={href} title={name} data-testid="line-name">
                {name}
              </Link>
            ) : (
              <span data-testid="line-name">{name}</span>
            )}
            {g && line.type !== 3 ? <GoodsTags tags={g.tags} /> : null}
          </div>
          {line.combination ? (
            <ul className="yct-cline__bundle" data-testid="line-bundle">
              {line.combination.items.map((item) => (
                <li key={item.goods_id}>
                  <img src={item.image} alt="" width={28} height={28} loading="lazy" />
                  <span>{item.name}</span>
                  <span className="yct-muted">{item.ypgg}</span>
                  <span>
                    ×{item.number}
                    {item.bzdw}
                  </span>
                </li>
              ))}
            </ul>
          ) : g ? (
            <>
              <div className="yct-cline__meta">
                {g.ypgg} / {g.bzdw} <span className="yct-cline__sep">|</span> 中包装 {g.zbz}
              </div>
              <div className="yct-cline__meta" title={g.sccj}>
                {g.sccj}
              </div>
              <div className="yct-cline__meta" data-testid="line-expiry">
                效期 {line.expiry ? expiryText(line.expiry) : g.xq || '—'}
                {line.expiry && line.expiry.from !== line.expiry.to ? <span className="yct-cline__batches">（跨批号发货）</span> : null}
              </div>
            </>
          ) : null}
          {gift ? (
            <div className={`yct-cline__gift${gift.given ? ' is-given' : ''}`} data-testid="line-gift">
              <span className="yct-tag yct-tag--pink">赠</span>
              {gift.given ? gift.text.replace(/^赠 /, '') : gift.text}
            </div>
          ) : null}
          {invalid && line.excluded ? (
            <div className="yct-cline__reason" data-testid="line-excluded">
              {line.excluded.message}
            </div>
          ) : null}
        </div>
      </div>
      <PriceCell line={line} />
      <div className="yct-cline__qty">
        <LineQuantity line={line} disabled={invalid && line.excluded?.reason !== 'insufficient_stock'} />
        {g && line.type !== 3 ? (
          <span className={`yct-cline__stock${g.number < line.number ? ' is-short' : ''}`}>{stockText(g)}</span>
        ) : (
          <span className="yct-cline__stock">
            共 {line.number}
            {unit}
          </span>
        )}
      </div>
      <div className="yct-cline__amount">
        <strong data-testid="line-amount">{money(line.amount)}</strong>
        {discounts.map((d) => (
          <span key={d.key} className="yct-cline__discount" data-testid="line-discount">
            {d.label} -{money(d.amount)}
          </span>
        ))}
      </div>
      <div className="yct-cline__actions">
        {g ? <Favourite goodsId={g.id} /> : null}
        {id !== null ? (
          <button type="button" className="yct-linkbtn" onClick={() => remove.ask([id])} data-testid="line-delete">
            删除
          </button>
        ) : null}
      </div>
    </div>
  );
}
