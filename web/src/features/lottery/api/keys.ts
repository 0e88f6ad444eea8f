/** Every lottery query starts with this key; a draw refreshes them, the account's points and its wallet. */
import type { QueryClient } from '@tanstack/react-query';
import { USER_BASE_KEY } from '@/lib/session/get-user-base';

export const LOTTERY_KEY = ['lottery'] as const;

/** After a draw: the chances and records here, and the points, red packets and coupons the wallet shows. */
export const refreshAfterDraw = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: LOTTERY_KEY }),
    client.invalidateQueries({ queryKey: ['wallet'] }),
    client.invalidateQueries({ queryKey: USER_BASE_KEY }),
  ]);
