/** 品牌专区 on the home page: the brands' logos, two rows, leading to each brand's page. */
import { Link } from 'react-router';
import { useFocusCommon } from '@/lib/content/get-focus-common';

const SHOWN = 16;

export function BrandStrip() {
  const { data, isPending } = useFocusCommon();
  const brands = (data?.brand ?? []).slice(0, SHOWN);
  if (isPending) {
    return (
      <section className="yct-floor yct-brandstrip" aria-busy="true">
        <header className="yct-floor__head" />
        <ul className="yct-brandstrip__list yct-brandstrip__list--loading">
          {Array.from({ length: SHOWN }, (_, i) => (
            <li key={i} />
          ))}
        </ul>
      </section>
    );
  }
  if (!brands.length) return null;
  return (
    <section className="yct-floor yct-brandstrip" data-testid="brand-strip">
      <header className="yct-floor__head">
        <h2>品牌专区</h2>
        <span className="yct-floor__sub">百家药企 官方授权</span>
        <Link to="/ppzq" className="yct-floor__more">
          更多品牌 ›
        </Link>
      </header>
      <ul className="yct-brandstrip__list">
        {brands.map((b) => (
          <li key={b.id}>
            <Link to={b.url} title={b.name}>
              <img src={b.logo} alt={b.name} width={140} height={63} loading="lazy" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
