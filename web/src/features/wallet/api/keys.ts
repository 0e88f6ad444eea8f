/** Every wallet query starts with this key: a recharge, a voucher or a repayment refreshes them all. */
import type { QueryClient } from '@tanstack/react-query';

const WALLET_KEY = ['wallet'] as const;

export const invalidateWallet = (client: QueryClient) => client.invalidateQueries({ queryKey: WALLET_KEY });
