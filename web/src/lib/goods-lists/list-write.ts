/**
 * A write of 我的清单 (create, rename, delete, put lines in, take lines out). Each answers through the lists' shared
 * key, so the lists and the open list load again. 加入清单 creates from the goods page and the usual goods too.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GoodsListCreateInput, GoodsListSaved } from '@core/schemas/goods-lists';
import { http } from '@/api/client';
import { GOODS_LISTS_KEY } from './get-goods-lists';

export function useListWrite<I, O>(write: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => void client.invalidateQueries({ queryKey: GOODS_LISTS_KEY }) });
}

export const useCreateGoodsList = () => useListWrite((body: GoodsListCreateInput) => http.post<GoodsListSaved>('/api/goods_list', body));
