/**
 * The home carousel: one banner at a time, changing every 5 s (paused on hover), with dots to pick one.
 * Written here rather than antd's Carousel, whose slider would add to the home page's first load.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { claimBootHero, removeBootHero } from '@/api/boot';
import { useCarousel } from '@/lib/content/get-ads';
import { useOpenTarget } from '@/ui/TargetLink';

const STEP_MS = 5000;

export function HeroCarousel() {
  const { data, isPending } = useCarousel();
  const open = useOpenTarget();
  const banners = data ?? [];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  // The page HTML painted the first picture already: the first slide takes that element over (boot.ts).
  const [adopt] = useState(() => (banners[0] ? claimBootHero(banners[0].image) : null));
  const slot = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (adopt && slot.current) slot.current.replaceChildren(adopt);
    removeBootHero();
  }, [adopt]);
  useEffect(() => {
    if (banners.length < 2 || paused) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % banners.length), STEP_MS);
    return () => window.clearInterval(timer);
  }, [banners.length, paused]);
  return (
    <div className="yct-hero" data-testid="hero-carousel" onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)} aria-busy={isPending}>
      {banners.map((b, i) => (
        <a
          key={b.id}
          href={b.url || '#'}
          className={`yct-hero__slide${i === index ? ' is-active' : ''}`}
          aria-hidden={i !== index}
          tabIndex={i === index ? 0 : -1}
          onClick={(e) => {
            e.preventDefault();
            open(b.url);
          }}
          data-testid="hero-slide"
        >
          {i === 0 && adopt ? (
            <span ref={slot} className="yct-hero__adopted" />
          ) : (
            <img src={b.image} alt={b.title} width={790} height={340} fetchPriority={i === 0 ? 'high' : 'low'} loading={i === 0 ? 'eager' : 'lazy'} />
          )}
        </a>
      ))}
      {banners.length > 1 ? (
        <div className="yct-hero__dots" role="tablist" aria-label="轮播图">
          {banners.map((b, i) => (
            <button
              key={b.id}
              type="button"
              role="tab"
              aria-selected={i === index}
              aria-label={b.title || `第${i + 1}张`}
              className={i === index ? 'is-active' : ''}
              onMouseEnter={() => setIndex(i)}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
