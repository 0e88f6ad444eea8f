/**
 * What buyers receive of the 首营资料: the 首营 mark of goods they have never bought, the site's documents to
 * download (once their licences are approved), and an order's document pack: one zip of the 资料清单 PDF, the
 * site's documents and the documents of the goods the order bought first (docs/decisions/034-first-business-documents.md).
 */
import { zipSync, type Zippable } from 'fflate';
import {
  documentState,
  DOCUMENT_STATE_TEXT,
  GOODS_DOCUMENT_KINDS,
  SITE_DOCUMENT_KINDS,
  type BuyerSiteDocuments,
  type GoodsDocumentKind,
  type OrderPack,
  type OrderPackPage,
  type SiteDocument,
  type SiteDocumentKind,
} from '../../../core/schemas/documents.js';
import { ORDER_STATUS_TEXT, ReviewStatus, type OrderStatus } from '../../../core/status.js';
import { stripControlChars } from '../../../core/validate.js';
import type { Conn, Db } from '../../db/client.js';
import type { DocumentFile } from '../../db/schema/documents.js';
import type { SessionUser } from '../../http/auth.js';
import { notFound, refuse } from '../../http/envelope.js';
import { seconds, today } from '../../lib/china-time.js';
import { goodsByIds } from '../catalogue/index.js';
import { goodsBoughtBefore, goodsOfLines, listOrders, ORDER_MISSING, orderFacts } from '../orders/index.js';
import { settingsOf } from '../settings/index.js';
import { readDocumentFile, type UploadStore } from '../uploads/index.js';
import { goodsDocumentRows, siteDocumentList } from './service.js';
import { packSheetPdf, type SheetRow } from './sheet.js';
import type { Download } from '../../http/download.js';

export const NOT_APPROVED = '资质审核通过后可下载本站首营资料';
export const NO_FILE = '资料文件不存在';

const EXT: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' };
/** A name safe in a zip and a download: none of the characters file systems refuse. */
const safe = (name: string) =>
  stripControlChars(name)
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
const fileName = (base: string, f: DocumentFile, i: number, of: number) => `${safe(base)}${of > 1 ? `-${i + 1}` : ''}.${EXT[f.mime] ?? 'bin'}`;

/** `GET /api/documents/first`: of `goodsIds`, those the account has never bought in an order not cancelled. */
export async function firstGoods(conn: Conn, user: SessionUser, goodsIds: number[]): Promise<number[]> {
  const bought = await goodsBoughtBefore(conn, user.id, goodsIds);
  return goodsIds.filter((id) => !bought.has(id));
}

const approved = (user: SessionUser) => user.isPassed === ReviewStatus.approved;

/** `GET /api/documents/site`: the site's documents that are set, with their files once the account is approved. */
export async function buyerSiteDocuments(conn: Conn, user: SessionUser): Promise<BuyerSiteDocuments> {
  const may = approved(user);
  const list = (await siteDocumentList(conn)).filter((d) => d.state !== 'missing');
  return {
    may_download: may ? 1 : 0,
    documents: list.map((d) => ({
      kind: d.kind,
      name: d.name,
      number: d.number,
      expiry: d.expiry,
      valid_from: d.valid_from,
      valid_until: d.valid_until,
      state: d.state,
      state_text: d.state_text,
      files: may ? d.files.map((f, i) => ({ index: i + 1, name: f.name, mime: f.mime, size: f.size })) : [],
    })),
  };
}

/** `GET /api/documents/site/{kind}/{index}`: one file of one of the site's documents. */
export async function siteDocumentFile(conn: Conn, store: UploadStore, user: SessionUser, kind: SiteDocumentKind, index: number): Promise<Download> {
  if (!approved(user)) throw refuse(NOT_APPROVED);
  const doc = (await siteDocumentList(conn)).find((d) => d.kind === kind);
  const f = doc?.files[index - 1];
  const file = f ? await readDocumentFile(store, f.url) : null;
  if (!doc || !f || !file) throw notFound(NO_FILE);
  return { file, mime: f.mime, name: fileName(SITE_DOCUMENT_KINDS[kind].short, f, index - 1, doc.files.length) };
}

const validityText = (d: { valid_until: string | null; expiry: string }) => d.valid_until ?? (d.expiry === 'none' ? '—' : '长期');

/** The zip's entries of the site's documents, and their rows of the 资料清单. */
async function siteEntries(conn: Conn, store: UploadStore, folder: string) {
  const entries: Zippable = {};
  const rows: SheetRow[] = [];
  const docs = (await siteDocumentList(conn)).filter((d) => d.state !== 'missing');
  let n = 0;
  for (const d of docs) {
    n += 1;
    const base = `${String(n).padStart(2, '0')} ${SITE_DOCUMENT_KINDS[d.kind].short}`;
    const names: string[] = [];
    for (const [i, f] of d.files.entries()) {
      const data = await readDocumentFile(store, f.url);
      if (!data) continue;
      const name = fileName(base, f, i, d.files.length);
      entries[`${folder}/${name}`] = [new Uint8Array(data), { level: 0 }];
      names.push(name);
    }
    rows.push({ name: d.name, number: d.number, validity: validityText(d), state: d.expiry === 'none' ? '—' : d.state_text, files: names });
  }
  return { entries, rows, count: docs.length };
}

const SITE_FOLDER = '本站首营资料';
const GOODS_FOLDER = '首营品种资料';

async function siteTitle(conn: Conn) {
  const s = await settingsOf(conn, ['title']);
  return s.title || '药采通';
}

const note = (title: string) =>
  `本资料包由${title}提供，供购货单位建立首营企业和首营品种档案使用。证照复印件均加盖本企业公章，资料的有效期以原件为准；` +
  `如资料已过期或即将到期，请联系客服索取更新件。`;

/** `GET /api/documents/site/zip`: every site document in one zip with its 资料清单. */
export async function sitePack(conn: Conn, store: UploadStore, user: SessionUser): Promise<Download> {
  if (!approved(user)) throw refuse(NOT_APPROVED);
  const title = await siteTitle(conn);
  const site = await siteEntries(conn, store, SITE_FOLDER);
  if (!site.count) throw refuse('本站尚未上传首营资料');
  const sheet = await packSheetPdf({
    siteTitle: title,
    heading: `${title}首营资料清单`,
    facts: [`购货单位：${user.company || user.username}`, `下载日期：${today()}`],
    site: site.rows,
    goods: [],
    note: note(title),
  });
  const zip = zipSync({ '00 资料清单.pdf': [new Uint8Array(sheet), { level: 0 }], ...site.entries });
  return { file: Buffer.from(zip), mime: 'application/zip', name: `${title}首营资料.zip` };
}

type Facts = Awaited<ReturnType<typeof orderFacts>>;

/** The goods the order bought first: not on an earlier order of its buyer that was not cancelled. */
async function firstOfOrder(conn: Conn, facts: Facts) {
  const ids = goodsOfLines(facts.items);
  const bought = await goodsBoughtBefore(conn, facts.order.userId, ids, { id: facts.order.id, createdAt: facts.order.createdAt });
  const first = ids.filter((id) => !bought.has(id));
  const [briefs, docs] = await Promise.all([goodsByIds(conn, first), goodsDocumentRows(conn, first)]);
  const byId = new Map(briefs.map((g) => [g.id, g]));
  // A goods gone from the catalogue keeps the name its line was sold under.
  const lineOf = new Map(facts.items.map((i) => [i.goodsId, i]));
  return first.map((id) => {
    const g = byId.get(id);
    const line = lineOf.get(id);
    return {
      brief: { id, name: g?.name ?? line?.name ?? `商品${id}`, ypgg: g?.ypgg ?? line?.ypgg ?? '', sccj: g?.sccj ?? line?.sccj ?? '', pzwh: g?.pzwh ?? '' },
      docs: docs.get(id) ?? [],
    };
  });
}

/** The order of the account, or 404 as if it did not exist. */
async function ownOrder(conn: Conn, user: SessionUser | null, orderId: number) {
  const facts = await orderFacts(conn, orderId).catch(() => null);
  if (!facts || (user && facts.order.userId !== user.id)) throw notFound(ORDER_MISSING);
  return facts;
}

function packInfo(facts: Facts, first: Awaited<ReturnType<typeof firstOfOrder>>, siteCount: number, siteFiles: number): OrderPack {
  const goodsFiles = first.reduce((n, g) => n + g.docs.reduce((m, d) => m + d.files.length, 0), 0);
  return {
    order_id: facts.order.id,
    order_no: facts.order.orderNo,
    created_at: seconds(facts.order.createdAt),
    status_text: ORDER_STATUS_TEXT[facts.order.status as OrderStatus] ?? '',
    first_goods: first.map((g) => ({ ...g.brief, kinds: g.docs.map((d) => GOODS_DOCUMENT_KINDS[d.kind as GoodsDocumentKind]?.short ?? d.kind) })),
    site_documents: siteCount,
    files: 1 + siteFiles + goodsFiles,
  };
}

const fileCount = (docs: SiteDocument[]) => docs.reduce((n, d) => n + d.files.length, 0);

/** `GET /api/documents/order/{id}`: what the order's pack holds. */
export async function orderPackInfo(conn: Conn, user: SessionUser, orderId: number): Promise<OrderPack> {
  const facts = await ownOrder(conn, user, orderId);
  const site = (await siteDocumentList(conn)).filter((d) => d.state !== 'missing');
  return packInfo(facts, await firstOfOrder(conn, facts), site.length, fileCount(site));
}

/** `GET /api/documents/orders`: the account's orders, newest first, ten a page, each with what its pack holds. */
export async function orderPackPage(db: Db, user: SessionUser, page: number): Promise<OrderPackPage> {
  const orders = await listOrders(db, user, { keywords: '', page }, 10);
  const site = (await siteDocumentList(db)).filter((d) => d.state !== 'missing');
  const data: OrderPack[] = [];
  for (const o of orders.data) {
    const facts = await orderFacts(db, o.id);
    data.push(packInfo(facts, await firstOfOrder(db, facts), site.length, fileCount(site)));
  }
  return { current_page: orders.current_page, data, last_page: orders.last_page, per_page: orders.per_page, total: orders.total };
}

/**
 * `GET /api/documents/order/{id}/pack` (the buyer's own order) and the console's copy (`user` null): the 资料清单,
 * the site's documents and each 首营 goods' documents, in one zip.
 */
export async function orderPack(conn: Conn, store: UploadStore, user: SessionUser | null, orderId: number): Promise<Download> {
  const facts = await ownOrder(conn, user, orderId);
  const [title, site, first] = await Promise.all([siteTitle(conn), siteEntries(conn, store, SITE_FOLDER), firstOfOrder(conn, facts)]);
  const entries: Zippable = { ...site.entries };
  const goods = [];
  for (const g of first) {
    const folder = `${GOODS_FOLDER}/${safe(`${g.brief.name} ${g.brief.ypgg} ${g.brief.sccj}`)}`;
    const rows: SheetRow[] = [];
    for (const d of g.docs) {
      const info = GOODS_DOCUMENT_KINDS[d.kind as GoodsDocumentKind];
      const names: string[] = [];
      for (const [i, f] of d.files.entries()) {
        const data = await readDocumentFile(store, f.url);
        if (!data) continue;
        const name = fileName(info?.short.replace('/', '或') ?? d.kind, f, i, d.files.length);
        entries[`${folder}/${name}`] = [new Uint8Array(data), { level: 0 }];
        names.push(name);
      }
      rows.push({
        name: info?.name ?? d.kind,
        number: d.number,
        validity: validityText({ valid_until: d.validUntil, expiry: info?.expiry ?? 'optional' }),
        state: info?.expiry === 'none' ? '—' : DOCUMENT_STATE_TEXT[documentState({ valid_until: d.validUntil })],
        files: names,
      });
    }
    if (!rows.length) rows.push({ name: '（本品种资料尚未上传，请联系客服索取）', number: '', validity: '—', state: '—', files: [] });
    goods.push({ title: `${g.brief.name}  ${g.brief.ypgg}  ${g.brief.sccj}${g.brief.pzwh ? `  ${g.brief.pzwh}` : ''}`, rows });
  }
  const sheet = await packSheetPdf({
    siteTitle: title,
    heading: '首营资料清单',
    facts: [
      `订单编号：${facts.order.orderNo}`,
      `下单时间：${new Date(facts.order.createdAt.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')}`,
      `首营品种：${first.length ? `${first.length}个` : '无（本订单的商品均曾采购过）'}`,
    ],
    site: site.rows,
    goods,
    note: note(title),
  });
  const zip = zipSync({ '00 资料清单.pdf': [new Uint8Array(sheet), { level: 0 }], ...entries });
  return { file: Buffer.from(zip), mime: 'application/zip', name: `首营资料-${facts.order.orderNo}.zip` };
}

/**
 * The picture of a seal's impression (出库专用章 or 质量管理专用章) as kept in 首营资料, for the papers that carry it
 * (the 随货同行单, the inspection reports); null while none of its files is a picture.
 */
export async function sealPicture(conn: Conn, store: UploadStore, kind: 'outbound_seal' | 'quality_seal'): Promise<{ file: Buffer; mime: string } | null> {
  const doc = (await siteDocumentList(conn)).find((d) => d.kind === kind);
  const f = doc?.files.find((x) => x.mime.startsWith('image/'));
  const file = f ? await readDocumentFile(store, f.url) : null;
  return f && file ? { file, mime: f.mime } : null;
}
