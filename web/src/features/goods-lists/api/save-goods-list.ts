/**
 * The writes of 我的清单 beside create (web/src/lib/goods-lists): rename, delete, put lines in (or change their
 * quantity) and take lines out.
 */
import type { GoodsListItemsInput, GoodsListSaved, GoodsListSummary } from '@core/schemas/goods-lists';
import { http } from '@/api/client';
import { useListWrite } from '@/lib/goods-lists/list-write';

export const useRenameGoodsList = () =>
  useListWrite(({ id, name }: { id: number; name: string }) => http.post<GoodsListSummary>(`/api/goods_list/${id}`, { name }));

export const useDeleteGoodsList = () => useListWrite((id: number) => http.delete<null>(`/api/goods_list/${id}`));

export const usePutGoodsListItems = () =>
  useListWrite(({ id, items }: { id: number; items: GoodsListItemsInput['items'] }) => http.post<GoodsListSaved>(`/api/goods_list/${id}/items`, { items }));

export const useRemoveGoodsListItems = () =>
  useListWrite(({ id, goodsIds }: { id: number; goodsIds: number[] }) => http.post<GoodsListSummary>(`/api/goods_list/${id}/remove`, { goods_ids: goodsIds }));
