/**
 * 首营资料 as the console keeps them: the site's documents, one per kind, and each goods' documents, with their
 * files (uploaded first to `/uploads/documents/...`) and validity. Every write goes through `audited`; a write
 * that changes nothing writes nothing.
 */
import { and, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  documentState,
  DOCUMENT_STATE_TEXT,
  GOODS_DOCUMENT_KEYS,
  GOODS_DOCUMENT_KINDS,
  SITE_DOCUMENT_KEYS,
  SITE_DOCUMENT_KINDS,
  type AdminGoodsDocumentPage,
  type AdminGoodsDocuments,
  type GoodsDocument,
  type GoodsDocumentInput,
  type GoodsDocumentKind,
  type SiteDocument,
  type SiteDocumentInput,
  type SiteDocumentKind,
} from '../../../core/schemas/documents.js';
import type { Conn, Db } from '../../db/client.js';
import { goodsDocuments, siteDocuments, type DocumentFile } from '../../db/schema/documents.js';
import { invalid, notFound } from '../../http/envelope.js';
import { seconds, today } from '../../lib/china-time.js';
import { paged, PER_PAGE } from '../../lib/paged.js';
import { goodsByIds } from '../catalogue/index.js';
import { audited, type Fields } from '../operators/index.js';
import { knownDocumentFiles } from '../uploads/index.js';

type SiteRow = typeof siteDocuments.$inferSelect;
type GoodsRow = typeof goodsDocuments.$inferSelect;

const GOODS_MISSING = '商品不存在';

const fileInfo = (f: DocumentFile) => ({ url: f.url, name: f.name, mime: f.mime, size: f.size });

function siteView(kind: SiteDocumentKind, row: SiteRow | null, day = today()): SiteDocument {
  const info = SITE_DOCUMENT_KINDS[kind];
  const state = documentState(row ? { valid_until: row.validUntil } : null, day);
  return {
    kind,
    name: info.name,
    number_label: info.numberLabel,
    expiry: info.expiry,
    hint: info.hint,
    number: row?.number ?? '',
    valid_from: row?.validFrom ?? null,
    valid_until: row?.validUntil ?? null,
    state,
    state_text: DOCUMENT_STATE_TEXT[state],
    remark: row?.remark ?? '',
    files: (row?.files ?? []).map(fileInfo),
    updated_by: row?.updatedBy ?? '',
    updated_at: seconds(row?.updatedAt ?? null),
  };
}

function goodsView(kind: GoodsDocumentKind, row: GoodsRow | null, day = today()): GoodsDocument {
  const info = GOODS_DOCUMENT_KINDS[kind];
  const state = documentState(row ? { valid_until: row.validUntil } : null, day);
  return {
    kind,
    name: info.name,
    number_label: info.numberLabel,
    expiry: info.expiry,
    hint: info.hint,
    number: row?.number ?? '',
    valid_until: row?.validUntil ?? null,
    state,
    state_text: DOCUMENT_STATE_TEXT[state],
    files: (row?.files ?? []).map(fileInfo),
    updated_by: row?.updatedBy ?? '',
    updated_at: seconds(row?.updatedAt ?? null),
  };
}

/** Every kind of the site's documents, in order, set or not. */
export async function siteDocumentList(conn: Conn, day = today()): Promise<SiteDocument[]> {
  const rows = await conn.select().from(siteDocuments);
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return SITE_DOCUMENT_KEYS.map((k) => siteView(k, byKind.get(k) ?? null, day));
}

/** The uploaded files `urls` names, in order; 422 on `files` when one is not a document file on record. */
async function filesOf(conn: Conn, urls: string[]): Promise<DocumentFile[]> {
  const known = await knownDocumentFiles(conn, urls);
  if (urls.some((u) => !known.has(u))) throw invalid('files', '资料文件须为本站上传的文件，请重新上传');
  return urls.map((u) => known.get(u)!);
}

/** What the audit log keeps of a document: its number, days, remark and its files by name. */
const siteFields = (r: Pick<SiteRow, 'number' | 'validFrom' | 'validUntil' | 'remark' | 'files'>): Fields => ({
  doc_number: r.number,
  valid_from: r.validFrom,
  valid_until: r.validUntil,
  remark: r.remark,
  files: r.files.map((f) => f.name || f.url),
});
const goodsFields = (r: Pick<GoodsRow, 'number' | 'validUntil' | 'files'>): Fields => ({
  doc_number: r.number,
  valid_until: r.validUntil,
  files: r.files.map((f) => f.name || f.url),
});
const sameFiles = (a: DocumentFile[], b: DocumentFile[]) => a.length === b.length && a.every((f, i) => f.url === b[i].url);

/** `POST /api/admin/documents/site`: sets one of the site's documents whole. */
export async function saveSiteDocument(db: Db, request: FastifyRequest, input: SiteDocumentInput): Promise<SiteDocument> {
  return audited(
    db,
    request,
    { permission: 'document:write', stale: 'nothing', action: 'document.site', targetType: 'site_document', targetId: input.kind },
    async (tx, operator) => {
      const files = await filesOf(tx, input.files);
      const [row] = await tx.select().from(siteDocuments).where(eq(siteDocuments.kind, input.kind)).for('update');
      const next = { number: input.number, validFrom: input.valid_from, validUntil: input.valid_until, remark: input.remark, files };
      const unchanged =
        row &&
        row.number === next.number &&
        row.validFrom === next.validFrom &&
        row.validUntil === next.validUntil &&
        row.remark === next.remark &&
        sameFiles(row.files, files);
      if (unchanged) return { before: null, after: null, result: siteView(input.kind, row) };
      const values = { ...next, updatedBy: operator.name, updatedAt: new Date() };
      const [saved] = await tx
        .insert(siteDocuments)
        .values({ kind: input.kind, ...values })
        .onConflictDoUpdate({ target: siteDocuments.kind, set: values })
        .returning();
      return { before: row ? siteFields(row) : null, after: siteFields(saved), result: siteView(input.kind, saved) };
    },
  );
}

/** `DELETE /api/admin/documents/site/{kind}`: takes one of the site's documents away (a seal no longer used). */
export async function removeSiteDocument(db: Db, request: FastifyRequest, kind: SiteDocumentKind): Promise<SiteDocument> {
  return audited(
    db,
    request,
    { permission: 'document:write', stale: 'nothing', action: 'document.site_remove', targetType: 'site_document', targetId: kind },
    async (tx) => {
      const [row] = await tx.delete(siteDocuments).where(eq(siteDocuments.kind, kind)).returning();
      return { before: row ? siteFields(row) : null, after: null, result: siteView(kind, null) };
    },
  );
}

/** The goods' brief, or 404. */
async function goodsBrief(conn: Conn, goodsId: number) {
  const [g] = await goodsByIds(conn, [goodsId]);
  if (!g) throw notFound(GOODS_MISSING);
  return { id: g.id, name: g.name, ypgg: g.ypgg, sccj: g.sccj, pzwh: g.pzwh };
}

/** A goods' documents rows by goods id. */
export async function goodsDocumentRows(conn: Conn, goodsIds: number[]): Promise<Map<number, GoodsRow[]>> {
  const byGoods = new Map<number, GoodsRow[]>();
  if (!goodsIds.length) return byGoods;
  const rows = await conn
    .select()
    .from(goodsDocuments)
    .where(inArray(goodsDocuments.goodsId, [...new Set(goodsIds)]));
  for (const r of rows) byGoods.set(r.goodsId, [...(byGoods.get(r.goodsId) ?? []), r]);
  for (const list of byGoods.values())
    list.sort((a, b) => GOODS_DOCUMENT_KEYS.indexOf(a.kind as GoodsDocumentKind) - GOODS_DOCUMENT_KEYS.indexOf(b.kind as GoodsDocumentKind));
  return byGoods;
}

/** `GET /api/admin/documents/goods/{id}`: the goods and its four kinds of documents, set or not. */
export async function goodsDocumentList(conn: Conn, goodsId: number): Promise<AdminGoodsDocuments> {
  const goods = await goodsBrief(conn, goodsId);
  const rows = (await goodsDocumentRows(conn, [goodsId])).get(goodsId) ?? [];
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  const day = today();
  return { goods, documents: GOODS_DOCUMENT_KEYS.map((k) => goodsView(k, byKind.get(k) ?? null, day)) };
}

/** `POST /api/admin/documents/goods/{id}`: sets one of a goods' documents whole. */
export async function saveGoodsDocument(db: Db, request: FastifyRequest, goodsId: number, input: GoodsDocumentInput): Promise<AdminGoodsDocuments> {
  const what = {
    permission: 'document:write',
    stale: 'nothing',
    action: 'document.goods',
    targetType: 'goods_document',
    targetId: `${goodsId}:${input.kind}`,
  } as const;
  await audited(db, request, what, async (tx, operator) => {
    await goodsBrief(tx, goodsId);
    const files = await filesOf(tx, input.files);
    const where = and(eq(goodsDocuments.goodsId, goodsId), eq(goodsDocuments.kind, input.kind));
    const [row] = await tx.select().from(goodsDocuments).where(where).for('update');
    const next = { number: input.number, validUntil: input.valid_until, files };
    if (row && row.number === next.number && row.validUntil === next.validUntil && sameFiles(row.files, files))
      return { before: null, after: null, result: null };
    const values = { ...next, updatedBy: operator.name, updatedAt: new Date() };
    const [saved] = await tx
      .insert(goodsDocuments)
      .values({ goodsId, kind: input.kind, ...values })
      .onConflictDoUpdate({ target: [goodsDocuments.goodsId, goodsDocuments.kind], set: values })
      .returning();
    return { before: row ? goodsFields(row) : null, after: goodsFields(saved), result: null };
  });
  return goodsDocumentList(db, goodsId);
}

/** `DELETE /api/admin/documents/goods/{id}/{kind}`. */
export async function removeGoodsDocument(db: Db, request: FastifyRequest, goodsId: number, kind: GoodsDocumentKind): Promise<AdminGoodsDocuments> {
  const what = {
    permission: 'document:write',
    stale: 'nothing',
    action: 'document.goods_remove',
    targetType: 'goods_document',
    targetId: `${goodsId}:${kind}`,
  } as const;
  await audited(db, request, what, async (tx) => {
    await goodsBrief(tx, goodsId);
    const [row] = await tx
      .delete(goodsDocuments)
      .where(and(eq(goodsDocuments.goodsId, goodsId), eq(goodsDocuments.kind, kind)))
      .returning();
    return { before: row ? goodsFields(row) : null, after: null, result: null };
  });
  return goodsDocumentList(db, goodsId);
}

/**
 * `GET /api/admin/documents/goods`: goods with at least one document, the latest changed first, 20 a page;
 * `keyword` finds part of the goods' name, maker or approval number among them.
 */
export async function goodsDocumentPage(conn: Conn, q: { page: number; keyword: string }): Promise<AdminGoodsDocumentPage> {
  let ids: number[] | null = null;
  if (q.keyword) {
    // The documented goods are few beside the catalogue: their names are read and matched here.
    const all = await conn.selectDistinct({ goodsId: goodsDocuments.goodsId }).from(goodsDocuments);
    const words = q.keyword.toLowerCase();
    const found = await goodsByIds(
      conn,
      all.map((r) => r.goodsId),
    );
    ids = found.filter((g) => [g.name, g.sccj, g.pzwh].some((v) => v.toLowerCase().includes(words))).map((g) => g.id);
    if (!ids.length) return paged([], 0, q.page);
  }
  const where = ids ? inArray(goodsDocuments.goodsId, ids) : undefined;
  const [groups, [{ n }]] = await Promise.all([
    conn
      .select({ goodsId: goodsDocuments.goodsId, kinds: sql<string[]>`array_agg(${goodsDocuments.kind})`, updatedAt: max(goodsDocuments.updatedAt) })
      .from(goodsDocuments)
      .where(where)
      .groupBy(goodsDocuments.goodsId)
      .orderBy(desc(max(goodsDocuments.updatedAt)), desc(goodsDocuments.goodsId))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    conn
      .select({ n: count(sql`distinct ${goodsDocuments.goodsId}`) })
      .from(goodsDocuments)
      .where(where),
  ]);
  const briefs = new Map(
    (
      await goodsByIds(
        conn,
        groups.map((g) => g.goodsId),
      )
    ).map((g) => [g.id, g]),
  );
  const rows = groups.map((g) => {
    const b = briefs.get(g.goodsId);
    return {
      id: g.goodsId,
      name: b?.name ?? '（商品已删除）',
      ypgg: b?.ypgg ?? '',
      sccj: b?.sccj ?? '',
      pzwh: b?.pzwh ?? '',
      kinds: GOODS_DOCUMENT_KEYS.filter((k) => g.kinds.includes(k)),
      updated_at: seconds(new Date(g.updatedAt as unknown as string)),
    };
  });
  return paged(rows, Number(n), q.page);
}

/** The site's documents that have ended, and those ending within the warning days: the 工作台's flags. */
export async function documentQueues(conn: Conn, now = Date.now()) {
  const list = await siteDocumentList(conn, today(now));
  const expired = list.filter((d) => d.state === 'expired');
  const expiring = list.filter((d) => d.state === 'expiring');
  return {
    expired: expired.map((d) => ({ kind: d.kind, name: SITE_DOCUMENT_KINDS[d.kind].short, validUntil: d.valid_until! })),
    expiring: expiring.map((d) => ({ kind: d.kind, name: SITE_DOCUMENT_KINDS[d.kind].short, validUntil: d.valid_until! })),
  };
}
