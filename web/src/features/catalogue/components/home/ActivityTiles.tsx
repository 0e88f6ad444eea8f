/** The row of activity entrances under the promotions: the banners of activity page 125. */
import { FOCUS_DEMO_BANNER_ID } from '@core/constants';
import { useActivityBanners } from '@/lib/content/get-ads';
import { TargetLink } from '@/ui/TargetLink';

export function ActivityTiles() {
  const { data, isPending } = useActivityBanners(FOCUS_DEMO_BANNER_ID);
  if (!isPending && !data?.length) return null;
  return (
    <ul className="yct-tiles" data-testid="activity-tiles">
      {isPending
        ? Array.from({ length: 6 }, (_, i) => <li key={i} className="yct-tiles__placeholder" />)
        : data!.map((t) => (
            <li key={t.id}>
              <TargetLink to={t.url} title={t.title}>
                <img src={t.image} alt={t.title} width={190} height={100} loading="lazy" />
              </TargetLink>
            </li>
          ))}
    </ul>
  );
}
