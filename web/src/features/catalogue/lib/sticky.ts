/**
 * The sticky search bar (spec sections 4 and 9): 100 ms after scrolling stops, the header turns into a
 * slim bar fixed at the top when the page is scrolled 205 px or more, and back when above.
 */
import { STICKY_SEARCH_DELAY_MS, STICKY_SEARCH_SCROLL_PX } from '@core/constants';

export const STICKY_AT_PX = STICKY_SEARCH_SCROLL_PX;
export const STICKY_DELAY_MS = STICKY_SEARCH_DELAY_MS;

export function createStickyWatcher(deps: {
  scrollY: () => number;
  onChange: (sticky: boolean) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}) {
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let timer: unknown = null;
  let sticky = false;
  return {
    onScroll() {
      if (timer !== null) clearTimer(timer);
      timer = setTimer(() => {
        timer = null;
        const next = deps.scrollY() >= STICKY_AT_PX;
        if (next !== sticky) {
          sticky = next;
          deps.onChange(next);
        }
      }, STICKY_DELAY_MS);
    },
    stop() {
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}
