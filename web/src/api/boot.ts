/**
 * Data the server puts into the page HTML (server/modules/content/page.ts), so that the first render does
 * not wait for a request: the top banner's ads on routes with the site header.
 */
import type { AdEntry } from '@core/schemas/content';

type Boot = { top?: AdEntry[] };

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

/** Removes what is left of the page HTML's header once the app's own header is on screen. */
export function removeBootHeader() {
  document.getElementById('yct-boot')?.remove();
}
