/**
 * Spec section 8: a failed lottery check silently stops further lottery requests. Once the pop-up's check
 * (`GET /api/draw/simple`) fails, every lottery query of this page stays off until the page is loaded again.
 */
import { useSyncExternalStore } from 'react';

let stopped = false;
const listeners = new Set<() => void>();

export function stopLottery() {
  if (stopped) return;
  stopped = true;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Whether lottery requests were stopped by a failed check. */
export const useLotteryStopped = () => useSyncExternalStore(subscribe, () => stopped);
