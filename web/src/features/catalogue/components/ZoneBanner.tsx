/** A zone's wide banner (1200×200) from its ad position; the space is held while it loads. */
import type { AdEntry, AdPosition } from '@core/schemas/content';
import { useAds } from '@/lib/content/get-ads';
import { TargetLink } from '@/ui/TargetLink';

export function BannerImage({ ad }: { ad: Pick<AdEntry, 'image' | 'url' | 'title'> }) {
  return (
    <TargetLink to={ad.url} className="yct-zone-banner" title={ad.title} data-testid="zone-banner">
      <img src={ad.image} alt={ad.title} width={1200} height={200} fetchPriority="high" />
    </TargetLink>
  );
}

export function ZoneBanner({ position }: { position: AdPosition }) {
  const { data, isPending } = useAds(position);
  if (isPending) return <div className="yct-zone-banner yct-zone-banner--loading" aria-hidden="true" />;
  const ad = data?.[0];
  return ad ? <BannerImage ad={ad} /> : null;
}
