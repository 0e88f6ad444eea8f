/**
 * One renderer for every block of an activity page, in the page's order. The page's theme colour reaches the
 * blocks as the CSS variable `--act-theme`, so titles, buttons and the band behind them follow it.
 */
import { Link } from 'react-router';
import type { ActivityBlock, ActivityPageView } from '@core/schemas/activity-pages';
import type { CenterCoupon } from '@core/schemas/wallet';
import { Countdown } from '@/ui/Countdown';
import { CouponTicket } from '@/ui/CouponTicket';
import { ErrorState } from '@/ui/ErrorState';
import { GoodsCard } from '@/ui/GoodsCard';
import { Price } from '@/ui/Price';
import { TargetLink } from '@/ui/TargetLink';
import { useToast } from '@/lib/use-toast';
import { useClaimCoupon, useStripCoupons } from '../api/activity-page';

type BlockOf<K extends ActivityBlock['kind']> = Extract<ActivityBlock, { kind: K }>;

/** A section title between two decorations; nothing when the operator left it empty. */
function SectionTitle({ title, more }: { title: string; more?: string }) {
  if (!title && !more) return null;
  return (
    <div className="yct-act__title">
      {title ? (
        <h2>
          <i aria-hidden="true" />
          {title}
          <i aria-hidden="true" />
        </h2>
      ) : null}
      {more ? (
        <Link to={more} className="yct-act__more" data-testid="block-more">
          查看更多 ›
        </Link>
      ) : null}
    </div>
  );
}

function BannerBlock({ block, title }: { block: BlockOf<'banner'>; title: string }) {
  const picture = <img src={block.image} alt={title} />;
  return (
    <div className="yct-act__banner" data-testid="block-banner">
      {block.url ? <TargetLink to={block.url}>{picture}</TargetLink> : picture}
    </div>
  );
}

function CountdownBlock({ block, page, onEnd }: { block: BlockOf<'countdown'>; page: ActivityPageView; onEnd: () => void }) {
  const before = page.status === 0;
  return (
    <div className="yct-act__countdown" data-testid="block-countdown" data-status={page.status}>
      <span className="yct-act__countdown-title">{block.title || (before ? '活动即将开始' : '活动火热进行中')}</span>
      <Countdown label={before ? '距开始' : '距结束'} end={before ? page.start_time : page.end_time} onEnd={onEnd} />
    </div>
  );
}

const STRIP_TICKET = { ticket: 'yct-act__coupon', face: 'yct-act__coupon-face', body: 'yct-act__coupon-body' };

function Ticket({ c, claiming, onClaim }: { c: CenterCoupon; claiming: boolean; onClaim: (id: number) => void }) {
  return (
    <CouponTicket coupon={c} off={c.state === 2} classNames={STRIP_TICKET} data-testid="strip-coupon" data-id={c.id} data-state={c.state}>
      <p title={c.name}>{c.name}</p>
      <span>{c.scope_text}</span>
      {c.state === 0 ? (
        <button type="button" disabled={claiming} onClick={() => onClaim(c.id)} data-testid="strip-claim">
          {claiming ? '领取中…' : '立即领取'}
        </button>
      ) : (
        <em>{c.state === 1 ? '已领取' : '已领完'}</em>
      )}
    </CouponTicket>
  );
}

function CouponsBlock({ block }: { block: BlockOf<'coupons'> }) {
  const coupons = useStripCoupons(block.coupon_ids);
  const claim = useClaimCoupon();
  const toast = useToast();
  const onClaim = (id: number) => claim.mutate(id, { onSuccess: (done) => void toast.success(`领取成功：${done.coupon.name}已放入“我的钱包-优惠券”`) });
  let body;
  if (coupons.isPending)
    body = (
      <ul className="yct-act__coupons" aria-busy="true">
        {block.coupon_ids.map((id) => (
          <li key={id} className="yct-act__coupon is-skeleton" />
        ))}
      </ul>
    );
  else if (coupons.isError) body = <ErrorState compact onRetry={() => void coupons.refetch()} retrying={coupons.isFetching} />;
  else if (!coupons.data.length)
    return null; // every coupon of the strip is over: the strip steps aside
  else
    body = (
      <ul className="yct-act__coupons">
        {coupons.data.map((c) => (
          <Ticket key={c.id} c={c} onClaim={onClaim} claiming={claim.isPending && claim.variables === c.id} />
        ))}
      </ul>
    );
  return (
    <section className="yct-act__section" data-testid="block-coupons">
      <SectionTitle title={block.title || '领券再下单'} />
      {body}
    </section>
  );
}

function GoodsBlock({ block }: { block: BlockOf<'goods'> }) {
  if (!block.goods.length) return null;
  return (
    <section className="yct-act__section yct-act__floor" data-testid="block-goods">
      <SectionTitle title={block.title} more={block.more || undefined} />
      <ul className="yct-grid">
        {block.goods.map((g) => (
          <GoodsCard key={g.id} goods={g} />
        ))}
      </ul>
    </section>
  );
}

function BundlesBlock({ block }: { block: BlockOf<'bundles'> }) {
  if (!block.bundles.length) return null;
  return (
    <section className="yct-act__section" data-testid="block-bundles">
      <SectionTitle title={block.title || '超值组合套餐'} more="/zhzq" />
      <ul className="yct-act__bundles">
        {block.bundles.map((b) => (
          <li key={b.id} className="yct-act__bundle" data-testid="bundle">
            <h3 title={b.name}>{b.name}</h3>
            <div className="yct-act__bundle-items">
              {b.items.map(({ goods, number }, i) => (
                <Link key={goods.id} to={`/list/info/${goods.id}`} title={goods.name}>
                  {i > 0 ? <i aria-hidden="true">+</i> : null}
                  <img src={goods.goods_image[0]} alt={goods.name} width={72} height={72} loading="lazy" />
                  <span>
                    {goods.name} ×{number}
                  </span>
                </Link>
              ))}
            </div>
            <div className="yct-act__bundle-price">
              <span>套餐价</span>
              <Price value={b.price} tip="登录可见" />
              {b.separate_price !== null ? <s>单买 ¥{b.separate_price}</s> : null}
              {b.saving !== null && b.saving !== '0.00' ? <em>省 ¥{b.saving}</em> : null}
              <Link to="/zhzq" className="yct-act__btn">
                {b.is_buy ? '去抢购' : '查看详情'}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TextBlock({ block }: { block: BlockOf<'text'> }) {
  return (
    <section className="yct-act__section" data-testid="block-text">
      {/* The server keeps the HTML through its allow-list sanitizer (no scripts, styles or event attributes). */}
      <div className="yct-act__text" dangerouslySetInnerHTML={{ __html: block.html }} />
    </section>
  );
}

function LinksBlock({ block }: { block: BlockOf<'links'> }) {
  return (
    <section className="yct-act__section" data-testid="block-links">
      <SectionTitle title={block.title} />
      <ul className="yct-act__links">
        {block.links.map((l) => (
          <li key={`${l.url}-${l.title}`}>
            <TargetLink to={l.url}>
              {l.image ? <img src={l.image} alt="" width={56} height={56} loading="lazy" /> : <b aria-hidden="true">{l.title.slice(0, 1)}</b>}
              <span>{l.title}</span>
            </TargetLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Blocks({ page, onEnd }: { page: ActivityPageView; onEnd: () => void }) {
  return (
    <>
      {page.blocks.map((block, i) => {
        const key = `${i}-${block.kind}`;
        switch (block.kind) {
          case 'banner':
            return <BannerBlock key={key} block={block} title={page.title} />;
          case 'countdown':
            return <CountdownBlock key={key} block={block} page={page} onEnd={onEnd} />;
          case 'coupons':
            return <CouponsBlock key={key} block={block} />;
          case 'goods':
            return <GoodsBlock key={key} block={block} />;
          case 'bundles':
            return <BundlesBlock key={key} block={block} />;
          case 'text':
            return <TextBlock key={key} block={block} />;
          case 'links':
            return <LinksBlock key={key} block={block} />;
        }
      })}
    </>
  );
}
