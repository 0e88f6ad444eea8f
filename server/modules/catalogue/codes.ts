/**
 * Goods found by a code typed or scanned (the cart's quick order, docs/decisions/046-goods-lists.md): a barcode
 * (条形码, `goods.tm`), an approval number (批准文号, `goods.pzwh`) or the site's goods code (商品编码, the id), each
 * matched exactly through its index (goods_tm_idx, goods_pzwh_idx, the primary key).
 */
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { goods } from '../../db/schema/catalogue.js';
import { goodsCore, visible, type GoodsCore } from './goods.js';
import type { Viewer } from './viewer.js';

/** The most goods one code answers (an approval number listed by every warehouse). */
const CODE_MATCHES_MAX = 20;
const APPROVAL_PREFIX = '国药准字';

/**
 * A code as a scanner or a hand types it, made comparable: blanks (half- and full-width) removed, full-width
 * letters and digits made half-width, letters upper case (国药准字 h13023964 → 国药准字H13023964).
 */
export function normaliseCode(text: string): string {
  return text
    .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[\s\u3000]+/g, '')
    .toUpperCase();
}

/** What a normalised code may be: a barcode (8-14 digits), a goods id (up to 9 digits), an approval number. */
function conditions(code: string): SQL[] {
  const found: SQL[] = [];
  if (/^\d{8,14}$/.test(code)) found.push(eq(goods.tm, code));
  if (/^\d{1,9}$/.test(code)) found.push(eq(goods.id, Number(code)));
  if (!/^\d+$/.test(code)) {
    // An approval number as printed, or its letter and digits without 国药准字 (as some ERP exports give it).
    const approvals = /^[A-Z]\d{8}$/.test(code) ? [code, `${APPROVAL_PREFIX}${code}`] : [code];
    found.push(inArray(goods.pzwh, approvals));
  }
  return found;
}

/** The goods the viewer may see whose barcode, approval number or id is `code` (normalised first); the lowest ids first. */
export async function goodsByCode(db: Db, code: string, viewer: Viewer): Promise<GoodsCore[]> {
  const which = conditions(normaliseCode(code));
  if (!which.length) return [];
  return db
    .select(goodsCore)
    .from(goods)
    .where(and(or(...which), visible(viewer)))
    .orderBy(goods.id)
    .limit(CODE_MATCHES_MAX);
}
