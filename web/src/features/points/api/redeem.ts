/**
 * POST /api/points/order: redeems a points goods. The dialog makes its `request_key` once, so a double click or
 * a retry after a lost answer gives back the first order. Success refreshes the shelf, the points orders, the
 * wallet (points, coupons, red packets) and the header's account figures.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { pointsOrderBody, PointsRedeemed } from '@core/schemas/points';
import { http } from '@/api/client';
import { USER_BASE_KEY } from '@/lib/session/get-user-base';
import { POINTS_KEY } from './points-goods';

/** The wallet feature's queries all start with this key. */
const WALLET_KEY = ['wallet'] as const;

export type RedeemInput = z.input<typeof pointsOrderBody>;

/** A key for one redemption: letters and digits, 32 of them. */
export const newRequestKey = () => crypto.randomUUID().replaceAll('-', '');

export function useRedeem() {
  const client = useQueryClient();
  return useMutation({
    // A wrong payment password is told inside the password dialog, not as a toast.
    mutationFn: (body: RedeemInput) =>
      http.post<PointsRedeemed>('/api/points/order', body, { silent: body.pay_password ? [Code.invalid, Code.tooMany] : false }),
    onSuccess: async (done) => {
      client.setQueriesData<{ data: PointsRedeemed['goods'][]; points: number | null }>({ queryKey: [...POINTS_KEY, 'goods'] }, (page) =>
        page ? { ...page, points: done.points, data: page.data.map((g) => (g.id === done.goods.id ? done.goods : g)) } : page,
      );
      await Promise.all([
        client.invalidateQueries({ queryKey: POINTS_KEY }),
        client.invalidateQueries({ queryKey: WALLET_KEY }),
        client.invalidateQueries({ queryKey: USER_BASE_KEY }),
      ]);
    },
  });
}
