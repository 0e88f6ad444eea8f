/**
 * 首营资料 (DESIGN.md section 17, docs/decisions/034-first-business-documents.md): the site's own first-business
 * documents with their validity, each goods' documents, the 首营 mark of goods a buyer has never bought, and the
 * document pack of an order. The console's forms check with the schemas the server reads the same posts with.
 */
import { z } from 'zod';
import { calendarDay } from './admin-goods.js';
import { id, optionalText, page } from './common.js';
import { bit, pageOf, unixTime } from './envelope.js';
import { chinaToday } from './member.js';

/** Whether a kind's documents end: `required` must name the day they end, `optional` may, `none` never do. */
type Expiry = 'required' | 'optional' | 'none';
type KindInfo = { name: string; short: string; numberLabel: string; expiry: Expiry; hint: string };

/** The site's own documents, in the order a buyer's 首营 file keeps them. */
export const SITE_DOCUMENT_KINDS = {
  business_licence: {
    name: '营业执照',
    short: '营业执照',
    numberLabel: '统一社会信用代码',
    expiry: 'optional',
    hint: '加盖公章的副本复印件；长期有效可不填有效期',
  },
  drug_licence: { name: '药品经营许可证', short: '药品经营许可证', numberLabel: '许可证编号', expiry: 'required', hint: '正副本，含经营范围页' },
  gsp: {
    name: 'GSP证书（或药品经营质量管理规范符合性检查告知书）',
    short: 'GSP证书',
    numberLabel: '证书编号',
    expiry: 'required',
    hint: '2019年12月起以药品监管部门的GSP符合性检查结果代替认证证书',
  },
  bank_account: { name: '开户许可证', short: '开户许可证', numberLabel: '核准号', expiry: 'none', hint: '或基本存款账户信息' },
  quality_agreement: { name: '质量保证协议', short: '质量保证协议', numberLabel: '协议编号', expiry: 'required', hint: '双方盖章的质量保证协议样本' },
  power_of_attorney: { name: '法人委托书（模板）', short: '法人委托书', numberLabel: '编号', expiry: 'optional', hint: '销售人员法人授权委托书模板' },
  outbound_seal: { name: '出库专用章印模', short: '出库专用章', numberLabel: '编号', expiry: 'none', hint: '随货同行单上加盖的印章样式' },
  quality_seal: { name: '质量管理专用章印模', short: '质量管理专用章', numberLabel: '编号', expiry: 'none', hint: '检验报告书上加盖的印章样式' },
  delivery_note_sample: { name: '随货同行单（样式）', short: '随货同行单样式', numberLabel: '编号', expiry: 'none', hint: '加盖出库专用章的随货同行单样张' },
} as const satisfies Record<string, KindInfo>;
export type SiteDocumentKind = keyof typeof SITE_DOCUMENT_KINDS;
export const SITE_DOCUMENT_KEYS = Object.keys(SITE_DOCUMENT_KINDS) as SiteDocumentKind[];

/** Each goods' documents. */
export const GOODS_DOCUMENT_KINDS = {
  registration: {
    name: '药品注册证或批件',
    short: '注册证/批件',
    numberLabel: '证号或批准文号',
    expiry: 'optional',
    hint: '药品注册证书、再注册批件或进口药品注册证',
  },
  insert: { name: '说明书', short: '说明书', numberLabel: '版本', expiry: 'none', hint: '最新核准的说明书' },
  quality_standard: { name: '质量标准', short: '质量标准', numberLabel: '标准编号', expiry: 'none', hint: '国家药品标准或注册标准' },
  package: { name: '包装图', short: '包装图', numberLabel: '编号', expiry: 'none', hint: '最小包装、标签的实物图' },
} as const satisfies Record<string, KindInfo>;
export type GoodsDocumentKind = keyof typeof GOODS_DOCUMENT_KINDS;
export const GOODS_DOCUMENT_KEYS = Object.keys(GOODS_DOCUMENT_KINDS) as GoodsDocumentKind[];

/** A site document ending within this many days is 即将到期 in the console and the account centre. */
const DOCUMENT_EXPIRING_DAYS = 30;
/** Files one document may hold. */
export const DOCUMENT_FILES_MAX = 10;
/** What a document's file may be, and how large (bytes). */
export const DOCUMENT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_FILE_TYPES = /^(application\/pdf|image\/(jpeg|png|gif|webp))$/;

/** Where a document's validity stands: 未上传, 长期有效, 有效, 即将到期 (within 30 days), 已过期. */
const DOCUMENT_STATES = ['missing', 'long', 'valid', 'expiring', 'expired'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];
export const DOCUMENT_STATE_TEXT: Record<DocumentState, string> = {
  missing: '未上传',
  long: '长期有效',
  valid: '有效',
  expiring: '即将到期',
  expired: '已过期',
};

const DAY_MS = 86_400_000;

/** A document's state on China day `today` (YYYY-MM-DD): a document valid until today is valid through today. */
export function documentState(doc: { valid_until: string | null } | null, today = chinaToday()): DocumentState {
  if (!doc) return 'missing';
  if (!doc.valid_until) return 'long';
  if (doc.valid_until < today) return 'expired';
  const left = (Date.parse(`${doc.valid_until}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS;
  return left <= DOCUMENT_EXPIRING_DAYS ? 'expiring' : 'valid';
}

// ------------------------------------------------------------------------------------------------ input

/** A document file's address as the console's upload answers it. */
const DOCUMENT_FILE_RE = /^\/uploads\/documents\/[a-z0-9]+-[a-f0-9]{16}\.(png|jpg|gif|webp|pdf)$/;

const fileUrls = z
  .array(z.string({ error: '资料文件格式不正确' }).regex(DOCUMENT_FILE_RE, { error: '资料文件须为本站上传的文件' }), { error: '请上传资料文件' })
  .min(1, { error: '请上传资料文件' })
  .max(DOCUMENT_FILES_MAX, { error: `每份资料最多${DOCUMENT_FILES_MAX}个文件` })
  .refine((v) => new Set(v).size === v.length, { error: '同一文件不能重复添加' });

/** A day or nothing: '' and absent are no day. */
const optionalDay = (label: string) =>
  z
    .union([z.literal(''), z.null(), calendarDay(label)], { error: `${label}格式应为 YYYY-MM-DD` })
    .optional()
    .transform((v) => v || null);

const kindOf = <K extends string>(keys: readonly K[], label: string) => z.enum(keys as [K, ...K[]], { error: `请选择${label}` });

/** The checks every document shares: an end after its start, and a required end for a kind that ends. */
function validity(kinds: Record<string, KindInfo>) {
  return (v: { kind: string; valid_from?: string | null; valid_until: string | null }, ctx: z.RefinementCtx) => {
    const info = kinds[v.kind];
    if (!info) return;
    if (info.expiry === 'required' && !v.valid_until) ctx.addIssue({ code: 'custom', path: ['valid_until'], message: `请填写${info.short}的有效期至` });
    if (info.expiry === 'none' && v.valid_until) ctx.addIssue({ code: 'custom', path: ['valid_until'], message: `${info.short}没有有效期，请留空` });
    if (v.valid_from && v.valid_until && v.valid_until < v.valid_from)
      ctx.addIssue({ code: 'custom', path: ['valid_until'], message: '有效期至不能早于发证日期' });
    if (v.valid_from && v.valid_from > chinaToday()) ctx.addIssue({ code: 'custom', path: ['valid_from'], message: '发证日期不能晚于今天' });
  };
}

/** `POST /api/admin/documents/site`: one of the site's documents, set whole (a kind set again replaces its files). */
export const siteDocumentBody = z
  .object({
    kind: kindOf(SITE_DOCUMENT_KEYS, '资料类型'),
    number: optionalText('证号', 60),
    valid_from: optionalDay('发证日期'),
    valid_until: optionalDay('有效期至'),
    files: fileUrls,
    remark: optionalText('备注', 200),
  })
  .superRefine(validity(SITE_DOCUMENT_KINDS));
export type SiteDocumentInput = z.output<typeof siteDocumentBody>;

/** `POST /api/admin/documents/goods/{id}`: one of a goods' documents. */
export const goodsDocumentBody = z
  .object({
    kind: kindOf(GOODS_DOCUMENT_KEYS, '资料类型'),
    number: optionalText('证号', 60),
    valid_until: optionalDay('有效期至'),
    files: fileUrls,
  })
  .superRefine(validity(GOODS_DOCUMENT_KINDS));
export type GoodsDocumentInput = z.output<typeof goodsDocumentBody>;

export const goodsDocumentParams = z.object({ id: id('商品ID') });
export const goodsDocumentKindParams = z.object({ id: id('商品ID'), kind: kindOf(GOODS_DOCUMENT_KEYS, '资料类型') });
export const siteDocumentKindParams = z.object({ kind: kindOf(SITE_DOCUMENT_KEYS, '资料类型') });
export const documentFileParams = z.object({
  kind: kindOf(SITE_DOCUMENT_KEYS, '资料类型'),
  index: id('文件序号').pipe(z.number().max(DOCUMENT_FILES_MAX, { error: '文件序号格式不正确' })),
});
export const adminDocumentFileQuery = z.object({
  url: z.string({ error: '请指定文件' }).regex(DOCUMENT_FILE_RE, { error: '文件地址不正确' }),
});
export const adminGoodsDocumentsQuery = z.object({
  page: page(),
  keyword: optionalText('关键词', 50).meta({ description: 'part of the goods name, maker or approval number' }),
});
export const documentOrdersQuery = z.object({ page: page() });
export const orderPackParams = z.object({ id: id('订单ID') });

const GOODS_IDS_MAX = 200;
/** `GET /api/documents/first?ids=1,2,3`: the goods of a cart or a confirm page. */
export const firstGoodsQuery = z.object({
  ids: z
    .string({ error: '请指定商品' })
    .max(GOODS_IDS_MAX * 11, { error: '商品过多' })
    .regex(/^\d{1,10}(,\d{1,10})*$/, { error: '商品ID格式不正确' })
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((v) => v.length <= GOODS_IDS_MAX, { error: `一次最多查询${GOODS_IDS_MAX}个商品` })
    .meta({ description: `goods ids separated by commas, at most ${GOODS_IDS_MAX}` }),
});

// ------------------------------------------------------------------------------------------------ answers

export const DocumentFileInfo = z.object({
  url: z.string().meta({ description: 'for the console: where GET /api/admin/documents/file?url= reads it; a buyer reads it by `download`' }),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});

const stateFields = {
  state: z.enum(DOCUMENT_STATES),
  state_text: z.string(),
};

/** One of the site's documents (a kind not set yet has `state` missing and no files). */
export const SiteDocument = z.object({
  kind: z.enum(SITE_DOCUMENT_KEYS as [SiteDocumentKind, ...SiteDocumentKind[]]),
  name: z.string(),
  number_label: z.string(),
  expiry: z.enum(['required', 'optional', 'none']),
  hint: z.string(),
  number: z.string(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  ...stateFields,
  remark: z.string(),
  files: z.array(DocumentFileInfo),
  updated_by: z.string(),
  updated_at: unixTime.nullable(),
});
export type SiteDocument = z.infer<typeof SiteDocument>;

/** The buyer's view of the site's documents: files to download only once the account's licences are approved. */
export const BuyerSiteDocuments = z.object({
  may_download: bit.meta({ description: '1 once the account is approved (is_passed 1); before that no file is listed or served' }),
  documents: z.array(
    z.object({
      kind: z.string(),
      name: z.string(),
      number: z.string(),
      expiry: z.enum(['required', 'optional', 'none']).meta({ description: 'none: a kind that never ends (a seal, a sample)' }),
      valid_from: z.string().nullable(),
      valid_until: z.string().nullable(),
      ...stateFields,
      files: z.array(
        z.object({
          index: z.number().int().meta({ description: '1-based; GET /api/documents/site/{kind}/{index}' }),
          name: z.string(),
          mime: z.string(),
          size: z.number().int(),
        }),
      ),
    }),
  ),
});
export type BuyerSiteDocuments = z.infer<typeof BuyerSiteDocuments>;

export const GoodsDocument = z.object({
  kind: z.enum(GOODS_DOCUMENT_KEYS as [GoodsDocumentKind, ...GoodsDocumentKind[]]),
  name: z.string(),
  number_label: z.string(),
  expiry: z.enum(['required', 'optional', 'none']),
  hint: z.string(),
  number: z.string(),
  valid_until: z.string().nullable(),
  ...stateFields,
  files: z.array(DocumentFileInfo),
  updated_by: z.string(),
  updated_at: unixTime.nullable(),
});
export type GoodsDocument = z.infer<typeof GoodsDocument>;

const GoodsBrief = z.object({ id: z.number().int(), name: z.string(), ypgg: z.string(), sccj: z.string(), pzwh: z.string() });

export const AdminGoodsDocuments = z.object({ goods: GoodsBrief, documents: z.array(GoodsDocument) });
export type AdminGoodsDocuments = z.infer<typeof AdminGoodsDocuments>;

/** A row of the console's 商品首营资料: goods with at least one document, and which kinds they have. */
const AdminGoodsDocumentRow = GoodsBrief.extend({
  kinds: z.array(z.enum(GOODS_DOCUMENT_KEYS as [GoodsDocumentKind, ...GoodsDocumentKind[]])),
  updated_at: unixTime,
});
export const AdminGoodsDocumentPage = pageOf(AdminGoodsDocumentRow);
export type AdminGoodsDocumentPage = z.infer<typeof AdminGoodsDocumentPage>;

export const FirstGoods = z.object({
  ids: z.array(z.number().int()).meta({ description: 'of the goods asked about, those the account has never bought in an order not cancelled: 首营' }),
});
export type FirstGoods = z.infer<typeof FirstGoods>;

/** A 首营 goods of an order and which of its documents the pack carries. */
const PackGoods = GoodsBrief.extend({ kinds: z.array(z.string()).meta({ description: 'names of the documents the pack carries for it' }) });

/** An order's document pack: the site's documents and those of the goods it bought first. */
export const OrderPack = z.object({
  order_id: z.number().int(),
  order_no: z.string(),
  created_at: unixTime,
  status_text: z.string(),
  first_goods: z.array(PackGoods),
  site_documents: z.number().int().meta({ description: 'site documents the pack carries' }),
  files: z.number().int().meta({ description: 'files in the zip, the 资料清单 included' }),
});
export type OrderPack = z.infer<typeof OrderPack>;
export const OrderPackPage = pageOf(OrderPack);
export type OrderPackPage = z.infer<typeof OrderPackPage>;
