/**
 * The new controlled-sale zone (/kxzq/new): its banners, then one section per category with a picture and
 * the best sellers, each leading to /kxzq/goods/{category}/{ad}, the section's full list.
 */
import '@/ui/goods.css';
import '../catalogue.css';
import '../home.css';
import { Link, useParams } from 'react-router';
import type { AdEntry } from '@core/schemas/content';
import { useAds, useControlledSections } from '@/lib/content/get-ads';
import { isLoggedIn, useUserBase } from '@/lib/session/get-user-base';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { GoodsCard } from '@/ui/GoodsCard';
import { TargetLink } from '@/ui/TargetLink';
import { useGoodsList } from '../api/goods';
import { GoodsListView } from '../components/GoodsListView';
import { BannerImage } from '../components/ZoneBanner';
import { CardSkeletons } from '../components/home/floor-parts';
import { ControlledNotice } from './ZonePages';

/** The category of a section from its link /kxzq/goods/{category}/{ad}. */
const sectionCategory = (ad: AdEntry) => /^\/kxzq\/goods\/(\d+)/.exec(ad.url)?.[1];

function Section({ ad }: { ad: AdEntry }) {
  const category = sectionCategory(ad);
  const list = useGoodsList({ zone: 'kx', category, sort: 'sales', per_page: 4 });
  return (
    <section className="yct-floor yct-catfloor" data-testid="controlled-section" style={{ ['--floor-colour' as string]: '#2c3e50' }}>
      <header className="yct-floor__head">
        <h2>{ad.title}</h2>
        <TargetLink to={ad.url} className="yct-floor__more">
          更多 ›
        </TargetLink>
      </header>
      <div className="yct-catfloor__body">
        <TargetLink to={ad.url} className="yct-kx-side">
          <img src={ad.image} alt={ad.title} width={230} height={420} loading="lazy" />
        </TargetLink>
        {list.isPending ? (
          <CardSkeletons count={4} />
        ) : list.isError ? (
          <ErrorState compact onRetry={() => void list.refetch()} />
        ) : !list.data.data.length ? (
          <EmptyState compact description="该分类暂无控销商品" />
        ) : (
          <ul className="yct-catfloor__grid yct-kx-grid">
            {list.data.data.map((g) => (
              <GoodsCard key={g.id} goods={g} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export function ControlledZoneNew() {
  const banners = useAds('new_kxzq');
  const sections = useControlledSections();
  const { data: user } = useUserBase();
  const special = isLoggedIn(user) && user.is_special === 1;
  return (
    <div className="yct-container yct-list" data-testid="controlled-new">
      {banners.data?.[0] ? <BannerImage ad={banners.data[0]} /> : <div className="yct-zone-banner yct-zone-banner--loading" aria-hidden="true" />}
      <div className="yct-breadcrumb">
        <Link to="/">首页</Link>
        <span>›</span>
        <span>控销专区</span>
        <Link to="/kxzq" className="yct-breadcrumb__aside">
          全部控销商品 ›
        </Link>
      </div>
      <ControlledNotice />
      {!special ? null : sections.isPending ? (
        <CardSkeletons />
      ) : sections.isError ? (
        <ErrorState onRetry={() => void sections.refetch()} />
      ) : !sections.data.length ? (
        <EmptyState description="控销专区正在筹备中" />
      ) : (
        sections.data.map((ad) => <Section key={ad.id} ad={ad} />)
      )}
    </div>
  );
}

/** /kxzq/goods/{category}/{ad?}: one section's controlled-sale goods under its picture. */
export function ControlledGoods() {
  const { url, ads } = useParams();
  const adId = Number(ads);
  const sections = useControlledSections(Number.isInteger(adId) && adId > 0 ? [adId] : undefined);
  const ad = Number.isInteger(adId) && adId > 0 ? sections.data?.[0] : undefined;
  const category = /^\d+$/.test(url ?? '') ? url : undefined;
  return (
    <GoodsListView
      view="grid"
      title={ad?.title ?? '控销商品'}
      fixed={{ zone: 'kx', category }}
      views={{}}
      banner={
        ad ? (
          <div className="yct-kx-head">
            <span className="yct-kx-head__icon" aria-hidden="true">
              控
            </span>
            <div>
              <h1>{ad.title}</h1>
              <p>签约客户专享 · 区域保护 · 价格稳定</p>
              <Link to="/kxzq/new">返回控销专区 ›</Link>
            </div>
          </div>
        ) : null
      }
      notice={<ControlledNotice />}
      empty="控销专区仅对签约客户开放"
    />
  );
}
