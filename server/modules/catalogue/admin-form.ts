/**
 * The console's goods form, shared by the goods editor and the Excel import: the stored goods as the form shows
 * them and the columns a form writes, the form as the audit log keeps it, and the checks of its fields, its
 * references (category, brand, 经营范围 class) and its pictures.
 */
import crypto from 'node:crypto';
import type { ValidationErrors } from '../../../core/codes.js';
import { fenToYuan, yuanToFen } from '../../../core/money.js';
import { chinaToday, goodsProblems, type GoodsInput } from '../../../core/schemas/admin-goods.js';
import type { BusinessScope } from '../../../core/schemas/user.js';
import type { Conn } from '../../db/client.js';
import { brands, categories, goods } from '../../db/schema/catalogue.js';
import { invalidFields } from '../../http/envelope.js';
import type { Fields } from '../operators/index.js';
import { knownPublicPictures, PUBLIC_PICTURES } from '../uploads/index.js';
import type { GoodsCore } from './goods.js';
import { pinyinOf } from './pinyin.js';

type GoodsRow = typeof goods.$inferSelect;

/** The goods form: every field an operator edits (the create body without the first stock). */
export type GoodsForm = Omit<GoodsInput, 'number'>;

/** A flag as the form and the console's answers carry it. */
export const bit = (v: boolean): 0 | 1 => (v ? 1 : 0);

/** The stored goods in the form's fields, all but the indications and the package insert (which the console's list leaves out). */
export function formFields(row: GoodsCore): Omit<GoodsForm, 'instructions' | 'gnzz'> {
  return {
    name: row.name,
    sccj: row.sccj,
    tym: row.tym,
    spm: row.spm,
    ypgg: row.ypgg,
    bzdw: row.bzdw,
    pzwh: row.pzwh,
    tm: row.tm,
    jx: row.jx,
    cfl: row.cfl as GoodsForm['cfl'],
    scrq: row.scrq,
    xq: row.xq,
    zbz: row.zbz,
    jzl: row.jzl,
    ccfs: row.ccfs as GoodsForm['ccfs'],
    min_shelf_days: row.minShelfDays,
    ck_id: row.ckId,
    category_id: row.categoryId,
    brand_id: row.brandId,
    scope_id: row.scopeId,
    is_youx: bit(row.isYoux),
    is_kx: bit(row.isKx),
    is_zy: bit(row.isZy),
    is_qx: bit(row.isQx),
    is_ephedrine: bit(row.isEphedrine),
    is_free_shipping: bit(row.isFreeShipping),
    free_shipping_number: row.freeShippingNumber,
    is_buy: bit(row.isBuy),
    is_on_sale: bit(row.isOnSale),
    tags: row.tags,
    base_price: fenToYuan(row.basePrice),
    ladder_price: row.ladderPrice.map((t) => ({ number: t.number, price: fenToYuan(t.price) })),
    goods_image: row.images,
  };
}

/** What the stored goods look like in the form. */
export function formOf(row: GoodsRow): GoodsForm {
  return { ...formFields(row), gnzz: row.gnzz, instructions: row.instructions };
}

/** The columns a form writes, with the pinyin of name and manufacturer that search matches. */
export function columnsOf(f: GoodsForm) {
  const name = pinyinOf(f.name);
  const maker = pinyinOf(f.sccj);
  return {
    ckId: f.ck_id,
    name: f.name,
    sccj: f.sccj,
    tym: f.tym,
    spm: f.spm,
    gnzz: f.gnzz,
    ypgg: f.ypgg,
    bzdw: f.bzdw,
    images: f.goods_image,
    basePrice: yuanToFen(f.base_price),
    isBuy: f.is_buy === 1,
    isYoux: f.is_youx === 1,
    ladderPrice: f.ladder_price.map((t) => ({ number: t.number, price: yuanToFen(t.price) })),
    ladderPriceType: f.ladder_price.length ? 1 : 0,
    isFreeShipping: f.is_free_shipping === 1,
    freeShippingNumber: f.free_shipping_number,
    tags: f.tags,
    zbz: f.zbz,
    jzl: f.jzl,
    pzwh: f.pzwh,
    tm: f.tm,
    jx: f.jx,
    cfl: f.cfl,
    xq: f.xq,
    scrq: f.scrq,
    ccfs: f.ccfs,
    minShelfDays: f.min_shelf_days,
    categoryId: f.category_id,
    scopeId: f.scope_id,
    brandId: f.brand_id,
    isEphedrine: f.is_ephedrine === 1,
    isKx: f.is_kx === 1,
    isZy: f.is_zy === 1,
    isQx: f.is_qx === 1,
    isOnSale: f.is_on_sale === 1,
    instructions: f.instructions,
    namePy: name.full,
    nameSzm: name.initials,
    sccjPy: maker.full,
    sccjSzm: maker.initials,
  } satisfies Partial<typeof goods.$inferInsert>;
}

const shortHash = (s: string) => crypto.createHash('sha1').update(s).digest('hex').slice(0, 8);

/** Ladder tiers as one text: `5:9.70;10:9.40` (the audit log and the Excel column). */
export const ladderText = (tiers: { number: number; price: string }[]) => tiers.map((t) => `${t.number}:${t.price}`).join(';');

/** A picture in the audit log: an uploaded one by its file name, any other by a short hash of its address. */
const pictureMark = (url: string) => (url.startsWith(PUBLIC_PICTURES) ? url.slice(PUBLIC_PICTURES.length) : `#${shortHash(url)}`);

/** The goods as the audit log keeps them: every field, pictures, ladder and package insert in a compact form. */
export function goodsTrail(f: GoodsForm): Fields {
  const { goods_image, ladder_price, instructions, ...rest } = f;
  return {
    ...rest,
    ladder_price: ladderText(ladder_price),
    goods_image: goods_image.map(pictureMark),
    instructions: instructions ? `${instructions.length}字 #${shortHash(instructions)}` : '',
  };
}

/** What the goods form refers to: categories (goods hang on the deepest level), brands, 经营范围 classes. */
export type Refs = {
  categories: Map<number, { id: number; parentId: number; name: string }>;
  /** Categories with sub-categories: no goods may hang on them. */
  parents: Set<number>;
  brands: Map<number, string>;
  scopes: Map<number, string>;
};

/**
 * The references as they stand. `scopes` come from the accounts (`businessScopeList`), read before any
 * transaction: on PGlite a read through `db` inside one would wait for it forever.
 */
export async function loadRefs(conn: Conn, scopes: { id: number; name: string }[]): Promise<Refs> {
  const [cats, brandRows] = await Promise.all([
    conn.select({ id: categories.id, parentId: categories.parentId, name: categories.name }).from(categories),
    conn.select({ id: brands.id, name: brands.name }).from(brands),
  ]);
  return {
    categories: new Map(cats.map((c) => [c.id, c])),
    parents: new Set(cats.map((c) => c.parentId).filter(Boolean)),
    brands: new Map(brandRows.map((b) => [b.id, b.name])),
    scopes: new Map(scopes.map((s) => [s.id, s.name])),
  };
}

/** A category and its parents, from the top level down. */
export function categoryPath(refs: Refs, id: number) {
  const path: { id: number; name: string }[] = [];
  const seen = new Set<number>();
  for (let c = refs.categories.get(id); c && !seen.has(c.id); c = refs.categories.get(c.parentId)) {
    seen.add(c.id);
    path.unshift({ id: c.id, name: c.name });
  }
  return path;
}

/** The form's references that do not hold, as `[field, message]`. */
export function refProblems(refs: Refs, f: Pick<GoodsForm, 'category_id' | 'brand_id' | 'scope_id'>): [string, string][] {
  const out: [string, string][] = [];
  if (!refs.categories.has(f.category_id)) out.push(['category_id', '分类不存在']);
  else if (refs.parents.has(f.category_id)) out.push(['category_id', '请选择最下级分类']);
  if (f.brand_id !== null && !refs.brands.has(f.brand_id)) out.push(['brand_id', '品牌不存在']);
  if (f.scope_id !== null && !refs.scopes.has(f.scope_id)) out.push(['scope_id', '经营范围不存在']);
  return out;
}

/** Pictures goods may show: those they show already, and public pictures on record (uploaded first). */
export function pictureProblems(urls: string[], current: string[], known: Set<string>): [string, string][] {
  return urls.flatMap((u, i): [string, string][] => (current.includes(u) || known.has(u) ? [] : [[`goods_image.${i}`, '图片不存在，请先上传']]));
}

const asErrors = (problems: [string, string][]): ValidationErrors => {
  const errors: ValidationErrors = {};
  for (const [field, message] of problems) (errors[field] ??= []).push(message);
  return errors;
};

/** Refuses (422, nothing written) a form whose fields, references or pictures do not hold. */
export async function assertForm(tx: Conn, scopes: BusinessScope[], f: GoodsForm, currentImages: string[]) {
  const [refs, known] = await Promise.all([loadRefs(tx, scopes), knownPublicPictures(tx, f.goods_image)]);
  const problems = [...goodsProblems(f, chinaToday()), ...refProblems(refs, f), ...pictureProblems(f.goods_image, currentImages, known)];
  if (problems.length) throw invalidFields(asErrors(problems));
}

/** A category and every category under it, from the rows themselves (the console reads live). */
export function descendants(refs: Refs, id: number): number[] {
  const ids = [id];
  for (let i = 0; i < ids.length; i++) for (const c of refs.categories.values()) if (c.parentId === ids[i] && !ids.includes(c.id)) ids.push(c.id);
  return ids;
}
