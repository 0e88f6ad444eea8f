/**
 * The server's clock in the browser (spec section 9): every answer carrying a `timestamp` sets the offset
 * between the server and this machine, and one shared timer advances the clock every second. Countdowns
 * follow it, so a buyer whose computer clock is wrong still sees a flash sale end on time.
 */
import { useSyncExternalStore } from 'react';

let offsetMs = 0;
let nowMs = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

/** 10-digit timestamps are seconds, 13-digit ones milliseconds. */
export function toMillis(timestamp: number): number {
  return String(Math.trunc(Math.abs(timestamp))).length <= 10 ? timestamp * 1000 : timestamp;
}

/** Sets the clock from a server timestamp (seconds or milliseconds). */
export function syncServerTime(timestamp: number | null | undefined) {
  if (!timestamp || !Number.isFinite(timestamp)) return;
  offsetMs = toMillis(timestamp) - Date.now();
  tick();
}

/** The server's time now, in milliseconds. */
export const serverNow = () => Date.now() + offsetMs;

function tick() {
  nowMs = serverNow();
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    // The clock stood still while nothing showed it: bring it to now before the first second passes.
    nowMs = serverNow();
    timer = setInterval(tick, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The clock in whole seconds; read fresh when no timer runs (a countdown's first render after none was shown). */
function seconds() {
  if (!timer) nowMs = serverNow();
  return Math.floor(nowMs / 1000);
}

/** The server's time in whole seconds, re-rendering once a second while mounted. */
export function useServerSeconds(): number {
  return useSyncExternalStore(subscribe, seconds, seconds);
}
