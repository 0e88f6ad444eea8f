/** 1F 抗感染药, 2F ...: one floor per top category with its sub-categories and best sellers. */
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import type { Floor } from '@core/schemas/goods';
import { ErrorState } from '@/ui/ErrorState';
import { GoodsCard } from '@/ui/GoodsCard';
import { useFloors } from '../../api/home';

const COLOURS = ['#e4393c', '#2f6db5', '#e67e22', '#16a085', '#8e44ad', '#c0392b'];

function CategoryFloor({ floor }: { floor: Floor }) {
  const colour = COLOURS[(floor.floor - 1) % COLOURS.length];
  return (
    <section className="yct-floor yct-catfloor" data-testid="category-floor" style={{ ['--floor-colour' as string]: colour }}>
      <header className="yct-floor__head">
        <h2>
          <span className="yct-catfloor__no">{floor.floor}F</span>
          {floor.name}
        </h2>
        <nav className="yct-catfloor__subs">
          {floor.children.slice(0, 6).map((c) => (
            <Link key={c.id} to={c.url}>
              {c.name}
            </Link>
          ))}
        </nav>
        <Link to={floor.url} className="yct-floor__more">
          更多 ›
        </Link>
      </header>
      <div className="yct-catfloor__body">
        <Link to={floor.url} className="yct-catfloor__side">
          {floor.logo1 ? <img src={floor.logo1} alt="" width={40} height={40} loading="lazy" /> : null}
          <strong>{floor.name}</strong>
          <span>品类齐全 · 厂家直供</span>
          <ul>
            {floor.children.slice(0, 8).map((c) => (
              <li key={c.id}>{c.name}</li>
            ))}
          </ul>
          <em>查看全部 ›</em>
        </Link>
        <ul className="yct-catfloor__grid">
          {floor.goods.map((g) => (
            <GoodsCard key={g.id} goods={g} />
          ))}
        </ul>
      </div>
    </section>
  );
}

/** As many floors as the home page shows, each as tall as a real one. */
const FLOORS_SHOWN = 6;

function FloorSkeletons() {
  return (
    <>
      {Array.from({ length: FLOORS_SHOWN }, (_, i) => (
        <section key={i} className="yct-floor yct-catfloor" aria-busy="true" style={{ ['--floor-colour' as string]: '#eee' }}>
          <header className="yct-floor__head" />
          <div className="yct-catfloor__body">
            <div className="yct-catfloor__side yct-catfloor__side--loading" />
            <ul className="yct-catfloor__grid">
              {Array.from({ length: 5 }, (_, k) => (
                <li key={k} className="yct-card yct-card--skeleton" />
              ))}
            </ul>
          </div>
        </section>
      ))}
    </>
  );
}

export function CategoryFloors() {
  const floors = useFloors();
  // Thirty cards arrive at once: rendered as a background update that yields to the browser.
  const data = useDeferredValue(floors.data);
  if (floors.isError) return <ErrorState onRetry={() => void floors.refetch()} retrying={floors.isFetching} />;
  if (!data) return <FloorSkeletons />;
  return (
    <>
      {data.map((f) => (
        <CategoryFloor key={f.id} floor={f} />
      ))}
    </>
  );
}
