/**
 * Data the server puts into the page HTML (server/modules/content/page.ts), so that the first render does
 * not wait for a request: the top banner's ads on routes with the site header, the home carousel's, and the
 * login page's banner.
 */
import type { AdEntry } from '@core/schemas/content';

type Boot = { top?: AdEntry[]; carousel?: AdEntry[]; login?: AdEntry[] };

export function bootData<K extends keyof Boot>(key: K): Boot[K] | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as { __YCT_BOOT__?: Boot }).__YCT_BOOT__?.[key];
}

/**
 * The top banner picture of the page HTML, once, when it shows `src`: the header's banner moves this very
 * element into itself, so the browser keeps the picture it has painted (and counts its first paint).
 */
let bootImage: HTMLImageElement | null | undefined;

export function claimBootImage(src: string): HTMLImageElement | null {
  if (typeof document === 'undefined') return null;
  if (bootImage === undefined) {
    const img = document.getElementById('yct-boot-top');
    bootImage = img instanceof HTMLImageElement ? img : null;
  }
  // A later banner (another ad after a refetch) draws its own picture.
  return bootImage && bootImage.getAttribute('src') === src ? bootImage : null;
}

const BOOT_HERO_ID = 'yct-boot-hero';

/**
 * Removes what is left of the page HTML's header once the app's own header is on screen. On the home page the
 * first carousel picture it painted stays where it is (the rest takes no room) until the carousel takes it.
 */
export function removeBootHeader() {
  const boot = document.getElementById('yct-boot');
  if (boot && document.getElementById(BOOT_HERO_ID) && window.location.pathname === '/') boot.classList.add('is-spent');
  else boot?.remove();
}

/**
 * The home carousel's first picture as the page HTML painted it, once, when it shows `src`: the carousel moves
 * this very element into its first slide, so the browser keeps the paint it has already counted.
 */
export function claimBootHero(src: string): HTMLImageElement | null {
  if (typeof document === 'undefined') return null;
  const img = document.getElementById(BOOT_HERO_ID)?.querySelector('img');
  return img && img.getAttribute('src') === src ? img : null;
}

/** Removes the rest of the page HTML's header and its carousel picture (taken over or not needed). */
export function removeBootHero() {
  if (document.getElementById(BOOT_HERO_ID)) document.getElementById('yct-boot')?.remove();
}
