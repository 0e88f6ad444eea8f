/**
 * POST /api/admin/goods (new goods) and POST /api/admin/goods/{id} (the fields sent change) (goods:write). The
 * server drops the storefront's shared answers itself; here the console's own lists and the audit log are
 * read afresh.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { AdminGoodsDetail, goodsCreateBody } from '@core/schemas/admin-goods';
import { adminHttp } from '@/lib/admin/http';
import { AUDIT_KEY } from '@/lib/admin/keys';
import { GOODS_KEY, goodsQuery } from './get-goods';

export type GoodsBody = z.input<typeof goodsCreateBody>;

/**
 * The body as a form sends it: an empty list or a missing brand would be left out of the encoded form (and
 * an update would keep the old value), so they travel as empty text, which the schema reads as none.
 */
function encoded(body: GoodsBody) {
  const empty = <T>(list: T[] | undefined) => (list?.length ? list : '');
  return {
    ...body,
    brand_id: body.brand_id ?? '',
    scope_id: body.scope_id ?? '',
    ladder_price: empty(body.ladder_price as unknown[] | undefined),
    goods_image: empty(body.goods_image as unknown[] | undefined),
    tags: empty(body.tags as unknown[] | undefined),
  };
}

const saveGoods = ({ id, body }: { id: number | null; body: GoodsBody }) =>
  adminHttp.post<AdminGoodsDetail>(id ? `/api/admin/goods/${id}` : '/api/admin/goods', encoded(body) as never, { quiet: [Code.invalid] });

export function useSaveGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGoods,
    onSuccess: (detail) => {
      queryClient.setQueryData(goodsQuery(detail.id).queryKey, detail);
      return Promise.all([queryClient.invalidateQueries({ queryKey: GOODS_KEY }), queryClient.invalidateQueries({ queryKey: AUDIT_KEY })]);
    },
  });
}
