/**
 * The add-on (换购) goods the buyer picked in the cart, kept for the visit in session storage so that the
 * confirm page can hand them to pricing. Only offers of activities the cart has reached are kept.
 */
export type AddonPick = { activity_id: number; goods_id: number; number: number };

const ADDON_PICKS_KEY = 'yct-cart-addons';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

const isPick = (v: unknown): v is AddonPick =>
  typeof v === 'object' &&
  v !== null &&
  ['activity_id', 'goods_id', 'number'].every((k) => Number.isInteger((v as Record<string, unknown>)[k]) && (v as Record<string, number>)[k] > 0);

export function readAddonPicks(store: Store | undefined = globalThis.sessionStorage): AddonPick[] {
  try {
    const value = JSON.parse(store?.getItem(ADDON_PICKS_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter(isPick) : [];
  } catch {
    return [];
  }
}

export function writeAddonPicks(picks: AddonPick[], store: Store | undefined = globalThis.sessionStorage) {
  try {
    store?.setItem(ADDON_PICKS_KEY, JSON.stringify(picks));
  } catch {}
}

export const isPicked = (picks: readonly AddonPick[], activityId: number, goodsId: number) =>
  picks.some((p) => p.activity_id === activityId && p.goods_id === goodsId);

/** Picks the offer, or drops it when it was picked. */
export function togglePick(picks: readonly AddonPick[], pick: AddonPick): AddonPick[] {
  return isPicked(picks, pick.activity_id, pick.goods_id)
    ? picks.filter((p) => !(p.activity_id === pick.activity_id && p.goods_id === pick.goods_id))
    : [...picks, pick];
}

/** Drops picks of activities the cart no longer reaches. */
export const keepReached = (picks: readonly AddonPick[], reached: readonly number[]) => picks.filter((p) => reached.includes(p.activity_id));
