/** Pieces the home floors share: the loading cards and the ‹ › pager of a one-row floor. */
export const PER_ROW = 5;

export function CardSkeletons({ count = PER_ROW }: { count?: number }) {
  return (
    <ul className="yct-grid" aria-busy="true" data-testid="floor-loading">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="yct-card yct-card--skeleton" />
      ))}
    </ul>
  );
}

export function FloorPager({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  if (pages < 2) return null;
  return (
    <span className="yct-floor__pager">
      <button type="button" aria-label="上一组" disabled={page === 0} onClick={() => onChange(page - 1)}>
        ‹
      </button>
      <span>
        {page + 1}/{pages}
      </span>
      <button type="button" aria-label="下一组" disabled={page >= pages - 1} onClick={() => onChange(page + 1)} data-testid="floor-next">
        ›
      </button>
    </span>
  );
}
