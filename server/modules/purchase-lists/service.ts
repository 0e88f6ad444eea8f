/**
 * 采购计划导入 for buyers (docs/decisions/045-purchase-lists.md): a list read with the columns the buyer taught
 * the site before, its lines matched with the mapping remembered per header, and the lines kept put in the cart
 * with the goods chosen remembered per line key. Only an approved buyer whose licences are in date may use it.
 */
import { eq, sql } from 'drizzle-orm';
import {
  PURCHASE_LIST_FIELD_TEXT,
  type PurchaseListField,
  type PurchaseListMatch,
  type purchaseListMatchBody,
  type PurchaseListSheet,
} from '../../../core/schemas/purchase-lists.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { purchaseListColumns } from '../../db/schema/purchase-lists.js';
import type { SessionUser } from '../../http/auth.js';
import { invalid, refuse } from '../../http/envelope.js';
import { requireLicencesValid } from '../accounts/index.js';
import { findsGoods, isField } from './columns.js';
import { matchLines } from './match.js';
import { NO_COLUMN, readFile, readPasted, sheetOf } from './read.js';

const NOT_APPROVED = '资质审核通过后才能采购，请前往“账户中心-资质证件”查看审核进度';

/** Purchase lists buy: an account waiting for review, or with a licence out of date, is refused as the cart refuses it. */
export function requireBuyer(user: SessionUser) {
  if (user.isPassed !== 1) throw refuse(NOT_APPROVED);
  requireLicencesValid(user);
}

/** The longest header remembered (the column's width in purchase_list_columns). */
const HEADER_MAX = 40;

/** The fields the buyer gave each header before. */
async function rememberedColumns(db: Db, userId: number): Promise<Map<string, PurchaseListField>> {
  const rows = await db
    .select({ header: purchaseListColumns.header, field: purchaseListColumns.field })
    .from(purchaseListColumns)
    .where(eq(purchaseListColumns.userId, userId));
  return new Map(rows.filter((r) => isField(r.field)).map((r) => [r.header, r.field]));
}

/** `POST /api/purchase_list/read` with pasted rows. */
export async function readPastedList(db: Db, user: SessionUser, text: string): Promise<PurchaseListSheet> {
  requireBuyer(user);
  return sheetOf(readPasted(text), '粘贴内容', await rememberedColumns(db, user.id), 'text');
}

/** `POST /api/purchase_list/read` with a file. */
export async function readUploadedList(db: Db, user: SessionUser, bytes: Buffer, fileName: string): Promise<PurchaseListSheet> {
  requireBuyer(user);
  if (!bytes.length) throw invalid('file', '文件内容为空');
  return sheetOf(await readFile(bytes, fileName), fileName, await rememberedColumns(db, user.id));
}

type MatchBody = z.output<typeof purchaseListMatchBody>;

/** Refuses a mapping that does not fit the headers, names a field twice, or finds no goods. */
function checkMapping(body: MatchBody) {
  if (body.mapping.length !== body.headers.length) throw invalid('mapping', '列的对应关系不正确');
  const seen = new Set<PurchaseListField>();
  for (const f of body.mapping) {
    if (!f || f === 'ignore') continue;
    if (seen.has(f)) throw invalid('mapping', `“${PURCHASE_LIST_FIELD_TEXT[f]}”只能对应一列`);
    seen.add(f);
  }
  if (!findsGoods(body.mapping)) throw invalid('mapping', NO_COLUMN);
}

/** Keeps the field the buyer gave each header, for their next list (one statement). */
async function rememberColumns(db: Db, userId: number, body: MatchBody) {
  const byHeader = new Map<string, PurchaseListField>();
  body.headers.forEach((h, i) => {
    const header = h.trim();
    const field = body.mapping[i];
    if (header && header.length <= HEADER_MAX && field) byHeader.set(header, field);
  });
  if (!byHeader.size) return;
  await db
    .insert(purchaseListColumns)
    .values([...byHeader].map(([header, field]) => ({ userId, header, field })))
    .onConflictDoUpdate({
      target: [purchaseListColumns.userId, purchaseListColumns.header],
      set: { field: sql`excluded.field`, updatedAt: sql`now()` },
    });
}

/** `POST /api/purchase_list/match`: remembers the mapping, then matches every line. */
export async function matchList(db: Db, user: SessionUser, body: MatchBody): Promise<PurchaseListMatch> {
  requireBuyer(user);
  checkMapping(body);
  await rememberColumns(db, user.id, body);
  return matchLines(db, user, body);
}
