/**
 * Who is looking decides what the catalogue shows (DESIGN.md section 7): guests and members waiting for
 * review get every price as `null` with a `price_tip`; controlled-sale goods exist only for `is_special`.
 */
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../http/auth.js';

export type Viewer = {
  userId: number | null;
  /** May see prices and buy. */
  approved: boolean;
  /** May see and buy controlled-sale (控销) goods. */
  special: boolean;
  /** What to show instead of a hidden price. */
  priceTip: string | null;
};

const PRICE_TIP_GUEST = '登录可见';
const PRICE_TIP_PENDING = '资质审核通过后可见';

/** What an account (or a guest) may see. */
export function viewerOfUser(user: SessionUser | null | undefined): Viewer {
  if (!user) return { userId: null, approved: false, special: false, priceTip: PRICE_TIP_GUEST };
  const approved = user.isPassed === 1;
  return { userId: user.id, approved, special: approved && user.isSpecial, priceTip: approved ? null : PRICE_TIP_PENDING };
}

export const viewerOf = (request: FastifyRequest): Viewer => viewerOfUser(request.session?.user);

/** A short key of what a viewer may see, for caches shared between viewers alike. */
export const viewerClass = (v: Viewer) => (v.approved ? (v.special ? 'special' : 'approved') : v.userId ? 'pending' : 'guest');
