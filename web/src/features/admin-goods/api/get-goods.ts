/**
 * GET /api/admin/goods (goods:read): the console's goods list, newest first, by keyword, category and state;
 * GET /api/admin/goods/{id}: one goods with every field, its category path and the units open orders hold.
 */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminGoodsDetail, AdminGoodsPage } from '@core/schemas/admin-goods';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY } from '@/lib/admin/keys';
import type { ListQuery } from '@/lib/admin/list';

export const GOODS_KEY = [...ADMIN_KEY, 'goods'] as const;
/** The list's URL filters: what `adminGoodsQuery` in core reads. */
export const GOODS_FILTERS = ['keyword', 'category', 'is_on_sale', 'is_buy'] as const;

export const getGoods = ({ page, filters }: ListQuery, signal?: AbortSignal) =>
  adminHttp.get<z.infer<typeof AdminGoodsPage>>('/api/admin/goods', { page, ...filters }, { signal });

export const goodsQuery = (id: number) =>
  queryOptions({
    queryKey: [...GOODS_KEY, 'detail', id],
    queryFn: ({ signal }) => adminHttp.get<AdminGoodsDetail>(`/api/admin/goods/${id}`, undefined, { signal }),
  });
