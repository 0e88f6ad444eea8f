/**
 * An activity page made of blocks (`GET /api/activity/page`) and the coupons of its strips
 * (`GET /api/coupon/center?ids=`, claimed with `POST /api/coupon/receive`).
 */
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityPageView } from '@core/schemas/activity-pages';
import type { CouponCenterPage, CouponReceived } from '@core/schemas/wallet';
import { Code } from '@core/codes';
import { http, isApiError } from '@/api/client';
import { syncServerTime } from '@/lib/server-clock';

export type PageKind = ActivityPageView['kind'];
export type PageWanted = { id?: number; kind: PageKind; preview: boolean };

const pageQuery = ({ id, kind, preview }: PageWanted) => ({
  queryKey: ['activity-page', id ?? kind, preview],
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const params = { ...(id ? { id } : { kind }), ...(preview ? { preview: 1 } : {}) };
    const data = await http.get<ActivityPageView>('/api/activity/page', params, { signal, silent: true });
    syncServerTime(data.timestamp);
    return data;
  },
  staleTime: 10_000,
  // A page gone stays gone: no second try before going to /noActivity.
  retry: (failures: number, error: unknown) => !isGone(error) && failures < 2,
});

/** The page answered 404: hidden, over or never there. */
export const isGone = (error: unknown) => isApiError(error) && error.code === Code.notFound;

export const useActivityPage = (wanted: PageWanted) => useQuery(pageQuery(wanted));

/** The pages of 活动中心's tabs, each asked for on its own so that one gone leaves the others. */
export const useActivityPages = (ids: number[], preview: boolean) => useQueries({ queries: ids.map((id) => pageQuery({ id, kind: 'yjh', preview })) });

/** The coupons of a strip, in the strip's order (the centre answers them by id). */
export const useStripCoupons = (ids: number[]) =>
  useQuery({
    queryKey: ['coupon-centre', 'strip', ids.join(',')],
    queryFn: async ({ signal }) => {
      const page = await http.get<CouponCenterPage>('/api/coupon/center', { ids: ids.join(',') }, { signal, silent: true });
      const byId = new Map(page.data.map((c) => [c.id, c]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    enabled: ids.length > 0,
    staleTime: 0,
  });

export function useClaimCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<CouponReceived>('/api/coupon/receive', { id }),
    // The strips and the coupon centre show the new state; the wallet reads its coupons afresh.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['coupon-centre'] }), client.invalidateQueries({ queryKey: ['wallet'] })]),
  });
}
