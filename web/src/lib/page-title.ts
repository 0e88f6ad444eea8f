/**
 * A page's own title, where it knows better than its route: a help article reached by the generic
 * `/help/{group}/{item}` route, the WeChat page once a new WeChat goes on to register. The shell writes it into
 * the document title and the slim header instead of the route's title while the page shows it.
 */
import { useEffect, useSyncExternalStore } from 'react';

let current: string | undefined;
const listeners = new Set<() => void>();

function setTitle(title: string | undefined) {
  if (title === current) return;
  current = title;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The page's title while it is mounted; `undefined` leaves the route's. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    setTitle(title || undefined);
    return () => setTitle(undefined);
  }, [title]);
}

/** The title the page on screen gave itself, if any. */
export const useOwnPageTitle = () =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => undefined,
  );
