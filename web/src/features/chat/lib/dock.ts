/** Whether the chat window is open: the toolbar's 在线客服 and the mini cart's 联系客服 open the same one. */
import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

export function setChatOpen(next: boolean) {
  if (open === next) return;
  open = next;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useChatOpen = () => useSyncExternalStore(subscribe, () => open);
