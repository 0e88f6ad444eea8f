/**
 * The writes of 我的清单: create (with lines: 加入清单), rename, delete, put lines in (or change their quantity) and
 * take lines out. Each answers through the lists' shared key, so the lists and the open list load again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GoodsListCreateInput, GoodsListItemsInput, GoodsListSaved, GoodsListSummary } from '@core/schemas/goods-lists';
import { http } from '@/api/client';
import { GOODS_LISTS_KEY } from './get-goods-lists';

function useListWrite<I, O>(write: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => void client.invalidateQueries({ queryKey: GOODS_LISTS_KEY }) });
}

export const useCreateGoodsList = () => useListWrite((body: GoodsListCreateInput) => http.post<GoodsListSaved>('/api/goods_list', body));

export const useRenameGoodsList = () =>
  useListWrite(({ id, name }: { id: number; name: string }) => http.post<GoodsListSummary>(`/api/goods_list/${id}`, { name }));

export const useDeleteGoodsList = () => useListWrite((id: number) => http.delete<null>(`/api/goods_list/${id}`));

export const usePutGoodsListItems = () =>
  useListWrite(({ id, items }: { id: number; items: GoodsListItemsInput['items'] }) => http.post<GoodsListSaved>(`/api/goods_list/${id}/items`, { items }));

export const useRemoveGoodsListItems = () =>
  useListWrite(({ id, goodsIds }: { id: number; goodsIds: number[] }) => http.post<GoodsListSummary>(`/api/goods_list/${id}/remove`, { goods_ids: goodsIds }));
