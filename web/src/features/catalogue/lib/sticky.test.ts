import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createStickyWatcher, STICKY_AT_PX, STICKY_DELAY_MS } from './sticky';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('turns sticky 100 ms after scrolling to 205 px or more, and back above it', () => {
  let y = 0;
  const changes: boolean[] = [];
  const w = createStickyWatcher({ scrollY: () => y, onChange: (s) => changes.push(s) });
  y = STICKY_AT_PX - 1;
  w.onScroll();
  vi.advanceTimersByTime(STICKY_DELAY_MS);
  expect(changes).toEqual([]);
  y = STICKY_AT_PX;
  w.onScroll();
  vi.advanceTimersByTime(STICKY_DELAY_MS - 1);
  expect(changes).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(changes).toEqual([true]);
  y = 900;
  w.onScroll();
  vi.advanceTimersByTime(STICKY_DELAY_MS);
  expect(changes).toEqual([true]);
  y = 10;
  w.onScroll();
  vi.advanceTimersByTime(STICKY_DELAY_MS);
  expect(changes).toEqual([true, false]);
});
