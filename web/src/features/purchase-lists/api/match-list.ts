/**
 * POST /api/purchase_list/match: the rows as read, with the columns as the buyer left them (the server remembers
 * them per header), answered with each line's candidates, best first, and the counts of each state.
 */
import { useMutation } from '@tanstack/react-query';
import type { PurchaseListMatch, PurchaseListMatchInput } from '@core/schemas/purchase-lists';
import { postJson } from './json';

export const useMatchList = () =>
  useMutation({ mutationFn: (body: PurchaseListMatchInput) => postJson<PurchaseListMatch>('/api/purchase_list/match', body, { timeout: 60_000 }) });
