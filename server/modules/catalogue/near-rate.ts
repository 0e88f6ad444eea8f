/**
 * The site's default near-expiry rate (近效期默认折扣, setting `near_expiry_rate`): the percent of its goods' base price
 * a near batch without a 近效期价 of its own sells at in the near-expiry zone. Set in the console's 站点设置 by
 * `goods:write`, the permission that sets a batch's own 近效期价 (docs/decisions/037-near-expiry-zone.md); audited
 * with the rate before and after, and the kept answers (with them the settings the cart and the zone read the rate
 * from) dropped once it is written, so the next cart and zone page sell at it.
 */
import type { FastifyRequest } from 'fastify';
import type { NearExpiryRate } from '../../../core/schemas/quality.js';
import type { Conn, Db } from '../../db/client.js';
import { audited } from '../operators/index.js';
import { intSetting, saveSettings, settingsOf } from '../settings/index.js';
import { NEAR_EXPIRY_RATE } from './near-offers.js';

const KEY = 'near_expiry_rate';

/** The rate among the site's settings (the kept copy the cart and the zone read), or the default. */
export const nearRateOf = (site: Record<string, string | undefined>): number => intSetting(site, KEY, NEAR_EXPIRY_RATE);

/** The rate as stored now (not the kept copy), inside the caller's transaction when it has one. */
export async function storedNearRate(conn: Conn): Promise<number> {
  return nearRateOf(await settingsOf(conn, [KEY]));
}

/** A near batch's price in fen as the zone's statements work it out: its own, else `rate` percent of the base price, to the fen half up. */
export const nearPriceFen = (basePrice: number, own: number | null, rate: number) => own ?? Math.floor((basePrice * rate + 50) / 100);

/** `GET /api/admin/quality/near_expiry_rate`. */
export async function nearRateView(conn: Conn): Promise<NearExpiryRate> {
  return { near_expiry_rate: await storedNearRate(conn), default_rate: NEAR_EXPIRY_RATE };
}

/** `POST /api/admin/quality/near_expiry_rate`: the same rate again writes no audit row and drops nothing. */
export async function setNearRate(db: Db, req: FastifyRequest, rate: number): Promise<NearExpiryRate> {
  await audited(
    db,
    req,
    { permission: 'goods:write', stale: 'catalogue', action: 'settings.near_expiry_rate', targetType: 'site_settings', targetId: KEY },
    async (tx) => {
      const before = await storedNearRate(tx);
      await saveSettings(tx, { [KEY]: String(rate) });
      return { before: { [KEY]: `${before}%` }, after: { [KEY]: `${rate}%` }, result: before !== rate };
    },
  );
  return nearRateView(db);
}
