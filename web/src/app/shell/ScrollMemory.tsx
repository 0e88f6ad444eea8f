/**
 * Scroll position remembered per route (spec section 2): coming back to a route, by Back or by a link, the
 * page returns to where the buyer left it. A goods list loaded afresh (Back to a list whose page was reloaded)
 * draws its goods after the route renders, so the position is applied again while the page grows, until it is
 * reached and stays, the buyer scrolls, clicks or types, or a few seconds pass; react-router's own restoration
 * scrolled once, to a page still too short for it, and left the buyer some 1,000 px above the goods they had
 * opened.
 * A route seen for the first time starts at the top, or at its #anchor. Positions outlive a reload, in the tab's
 * session storage.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const STORAGE_KEY = 'yct-scroll-positions';
/** How long a position is followed while the page grows. */
const FOLLOW_MS = 4_000;
/** How long the position and the page's height stay put before the following ends. */
const SETTLED_MS = 400;
/** What the buyer does that ends the following: their own scrolling wins. */
const BUYER_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

function storedPositions(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * Scrolls to `y`, and again on every frame while the page is still too short to be there or keeps changing
 * (the goods arrive, then the filters above them), until it has been there on a page of one height for a
 * moment, the buyer or the page's own code scrolls elsewhere, or the time is up; answers the stop.
 */
function follow(y: number, done: () => void): () => void {
  const until = performance.now() + FOLLOW_MS;
  let frame = 0;
  let height = -1;
  let settledSince = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const name of BUYER_EVENTS) window.removeEventListener(name, stop);
    done();
  };
  let wasThere = false;
  const step = () => {
    const now = performance.now();
    const h = document.documentElement.scrollHeight;
    if (Math.abs(window.scrollY - y) > 1) {
      // Moved away from the position on a page that did not change: somebody else scrolled (the page's code).
      if (wasThere && h === height) return stop();
      window.scrollTo(0, y);
    }
    const there = Math.abs(window.scrollY - y) <= 1;
    if (!there || h !== height) settledSince = now;
    wasThere = there;
    height = h;
    if ((there && now - settledSince >= SETTLED_MS) || now > until) stop();
    else frame = requestAnimationFrame(step);
  };
  for (const name of BUYER_EVENTS) window.addEventListener(name, stop, { passive: true });
  window.scrollTo(0, y);
  frame = requestAnimationFrame(step);
  return stop;
}

export function ScrollMemory() {
  const location = useLocation();
  const positions = useRef<Record<string, number> | null>(null);
  /** The route the scroll events belong to, set before the new route's first scroll. */
  const path = useRef<string | null>(null);
  const following = useRef<(() => void) | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (!following.current && path.current && positions.current) positions.current[path.current] = window.scrollY;
    };
    const keep = () => {
      if (positions.current) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', keep);
    return () => {
      following.current?.();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', keep);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= storedPositions();
    // Whatever was followed belongs to the route being left.
    following.current?.();
    const previous = path.current;
    path.current = location.pathname;
    // Another query of the same route (a filter, a page of the list) leaves the scrolling to the page.
    if (previous === location.pathname) return;
    const saved = positions.current[location.pathname];
    if (saved) {
      const stop = follow(saved, () => {
        if (following.current === stop) following.current = null;
        if (positions.current && path.current) positions.current[path.current] = window.scrollY;
      });
      following.current = stop;
      return;
    }
    let anchor: HTMLElement | null = null;
    try {
      anchor = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    } catch {
      // Not an id at all (a stray %): the top of the page.
    }
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.pathname, location.hash]);

  return null;
}
