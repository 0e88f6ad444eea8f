/**
 * GET /api/documents/first: which goods of a cart or a confirm page the account has never bought (首营), so that
 * both mark them; their documents join the order's document pack (docs/decisions/034-first-business-documents.md).
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FirstGoods } from '@core/schemas/documents';
import { http } from '@/api/client';

/** What a 首营 mark says when pointed at. */
export const FIRST_GOODS_TIP = '首次采购的品种：其首营资料（注册证或批件、说明书、质量标准、包装图）随订单资料包提供，下单后可在账户中心 › 首营资料下载';

/** The goods among `goodsIds` that are 首营 for the account; empty while it is asked, and when the question fails. */
export function useFirstGoods(goodsIds: readonly number[]): ReadonlySet<number> {
  const ids = [...new Set(goodsIds)].sort((a, b) => a - b).join(',');
  const answer = useQuery({
    queryKey: ['documents', 'first', ids],
    queryFn: ({ signal }) => http.get<FirstGoods>('/api/documents/first', { ids }, { signal, silent: true }),
    enabled: ids.length > 0,
  });
  return useMemo(() => new Set(answer.data?.ids ?? []), [answer.data]);
}
