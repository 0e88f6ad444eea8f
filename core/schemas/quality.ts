/**
 * Receiving, releasing and recalling batches (批号) and their inspection reports (药检报告): DESIGN.md section 17,
 * docs/decisions/036-receiving-reports-recalls.md. The console's forms check with the schemas the server reads
 * the same posts with.
 */
import { z } from 'zod';
import { BatchStatus } from '../status.js';
import { calendarDay, chinaToday, yuanPrice } from './admin-goods.js';
import { freeText, id, page, quantity, text, wholeNumber } from './common.js';
import { bit, money, pageOf, unixTime } from './envelope.js';

export const BATCH_STATUS_TEXT: Record<BatchStatus, string> = { 0: '待验', 1: '合格', 2: '锁定', 3: '不合格' };

/** How makers print batch numbers: 20250312, B2409017, C241105-2. */
const BATCH_NO_RE = /^[A-Za-z0-9][A-Za-z0-9-]{0,31}$/;

/** A batch number (批号) as printed on the box: letters and digits, inner dashes, up to 32 characters. */
const batchNumber = (label = '批号') =>
  text(label, 32)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(BATCH_NO_RE, { error: `${label}只能包含字母、数字和短横线，且以字母或数字开头` }));

/** The batch a return's units are of: one its line was shipped from; a line of one batch may leave it out. */
export const returnedBatchNo = batchNumber('退货批号').optional().meta({ description: 'the batch (批号) the returned units are of' });

/** Units one receipt may bring in. */
export const RECEIVE_MAX = 1_000_000;

/** `POST /api/admin/quality/batches`: a batch received into the warehouse (入库), 待验 until qa releases it. */
export const receiveBody = z
  .object({
    goods_id: id('商品'),
    batch_no: batchNumber(),
    scrq: calendarDay('生产日期'),
    xq: calendarDay('效期至'),
    quantity: quantity('入库数量', 1, RECEIVE_MAX),
    supplier: text('供货单位', 100),
    report: z
      .union([z.literal(''), z.string().trim().max(255)])
      .optional()
      .default(''),
  })
  .superRefine((v, ctx) => {
    const today = chinaToday();
    if (v.scrq > today) ctx.addIssue({ code: 'custom', path: ['scrq'], message: '生产日期不能晚于今天' });
    if (v.xq <= v.scrq) ctx.addIssue({ code: 'custom', path: ['xq'], message: '效期至须晚于生产日期' });
    else if (v.xq <= today) ctx.addIssue({ code: 'custom', path: ['xq'], message: '该批号已过效期，不能入库' });
  });
export type ReceiveInput = z.infer<typeof receiveBody>;

/** `POST /api/admin/quality/batches/{id}/release`: qa's verdict on a 待验 batch, or lifting a hold. */
export const releaseBody = z
  .object({
    decision: z.enum(['release', 'reject'], { error: '请选择验收结论' }),
    reason: freeText('原因', 200).optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'reject' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: '请填写不合格原因' });
  });

/** `POST /api/admin/quality/batches/{id}/returns`: qa's inspection of the units back from returns. */
export const returnsBody = z.object({ decision: z.enum(['release', 'reject'], { error: '请选择验收结论' }) });

/** `POST /api/admin/quality/batches/{id}/lock`: a quality hold or recall, with the reason buyers are told. */
export const lockBody = z.object({ reason: text('锁定原因', 200) });

/** `POST /api/admin/quality/batches/{id}/report`: the batch's inspection report, uploaded first. */
export const reportBody = z.object({ report: text('药检报告', 255) });

export const batchParams = z.object({ id: id('批次') });

export const adminBatchQuery = z.object({
  page: page(),
  goods_id: id('商品').optional(),
  status: z.enum(['0', '1', '2', '3'], { error: '状态不正确' }).optional(),
  keyword: freeText('关键词', 40).optional().default(''),
  /** The batches one near-expiry daily report (近效期批次日报) named: its China day, YYYY-MM-DD. */
  near_report: calendarDay('日报日期').optional(),
});

/** The near-expiry report's windows, in days from China's today. */
export const NEAR_EXPIRY_WINDOWS = [30, 90, 180] as const;
export const nearExpiryQuery = z.object({
  days: z.enum(['30', '90', '180'], { error: '请选择30、90或180天' }).optional().default('90').transform(Number),
  page: page(),
});

/** Where a batch's units sell today (docs/decisions/037-near-expiry-zone.md). */
const BATCH_SALES = ['goods', 'near', 'none'] as const;
export type BatchSale = (typeof BATCH_SALES)[number];
export const BATCH_SALE_TEXT: Record<BatchSale, string> = { goods: '可售', near: '近效期专场', none: '不可售' };

/** A batch as the console shows it: what it holds, what sells and its report. */
export const AdminBatch = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  name: z.string(),
  ypgg: z.string(),
  sccj: z.string(),
  bzdw: z.string(),
  batch_no: z.string(),
  scrq: z.string(),
  xq: z.string(),
  quantity: z.number().int().meta({ description: '在库数量 (on hand)' }),
  held: z.number().int().meta({ description: 'held by open orders (placed, not shipped)' }),
  returns_pending: z.number().int().meta({ description: "units back from buyers' returns waiting for inspection (退货待验), outside quantity" }),
  free: z.number().int().meta({ description: 'quantity - held' }),
  status: z.number().int().meta({ description: '0 待验, 1 合格, 2 锁定, 3 不合格' }),
  status_text: z.string(),
  sells: z.boolean().meta({ description: 'released and beyond the minimum shelf life: its free units are in the goods stock' }),
  sale: z.enum(BATCH_SALES).meta({
    description:
      'where its units sell today: `goods` with its goods (in the goods stock), `near` in the near-expiry zone (合格, free units, unexpired, within the minimum shelf life), `none` nowhere',
  }),
  sale_text: z.string().meta({ description: '可售, 近效期专场 or 不可售' }),
  sale_note: z.string().meta({ description: 'why it does not sell (待验, 锁定, 不合格, 已过期, 今日到期, 无库存, 已全部被订单占用); empty when it sells' }),
  near_price: money
    .nullable()
    .meta({ description: 'what its units sell at in the near-expiry zone (its 近效期价, or the default rate of the base price); null unless `sale` is near' }),
  near_rate: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'the default rate (percent) `near_price` follows; null when the batch has a price of its own or is not near' }),
  days_left: z.number().int().meta({ description: 'days from China today to 效期至 (negative once expired)' }),
  supplier: z.string(),
  has_report: z.boolean(),
  reason: z.string().meta({ description: 'why it is 锁定 or 不合格 (the last such change)' }),
  created_at: unixTime,
});
export type AdminBatch = z.infer<typeof AdminBatch>;
export const AdminBatchPage = pageOf(AdminBatch);

export const NearExpiryRow = AdminBatch.extend({
  price: money.meta({ description: "the goods' price now (元)" }),
  value: money.meta({ description: 'quantity × price: valued at the selling price, not at cost' }),
});
export type NearExpiryRow = z.infer<typeof NearExpiryRow>;
export const NearExpiryReport = pageOf(NearExpiryRow).extend({
  days: z.number().int(),
  units: z.number().int().meta({ description: 'units on hand in the window, every page' }),
  value: money.meta({ description: 'their value at the selling price, every page' }),
});
export type NearExpiryReport = z.infer<typeof NearExpiryReport>;

/** One order that received (or holds) units of a batch: what a recall must reach. */
export const RecallRecipient = z.object({
  order_id: z.number().int(),
  order_no: z.string(),
  order_status: z.string(),
  user_id: z.number().int(),
  company: z.string(),
  username: z.string(),
  receiver: z.string(),
  phone: z.string(),
  address: z.string(),
  units: z.number().int(),
  returned: z.number().int(),
  shipped_at: unixTime.nullable(),
});
export type RecallRecipient = z.infer<typeof RecallRecipient>;

export const BatchRecall = z.object({
  batch: AdminBatch,
  recipients: z.array(RecallRecipient),
  buyers: z.number().int().meta({ description: 'distinct accounts on the list' }),
  units: z.number().int().meta({ description: 'units the orders took, less returned' }),
});
export type BatchRecall = z.infer<typeof BatchRecall>;

export const LockResult = BatchRecall.extend({ notified: z.number().int().meta({ description: 'accounts sent a message by this lock' }) });

// ---- buyers

/** `GET /api/reports`: goods by name or pinyin and a batch number, as the 质检报告查询 page asks. */
export const reportSearchQuery = z.object({
  keyword: text('药品名称', 40),
  batch_no: batchNumber(),
});

export const reportParams = z.object({ goods_id: id('商品'), batch_no: batchNumber() });
export const orderReportParams = z.object({ id: id('订单') });

/** A batch whose report a buyer may download. */
export const ReportBatch = z.object({
  goods_id: z.number().int(),
  name: z.string(),
  ypgg: z.string(),
  sccj: z.string(),
  batch_no: z.string(),
  scrq: z.string(),
  xq: z.string(),
  has_report: z.boolean(),
});
export type ReportBatch = z.infer<typeof ReportBatch>;

/** `POST /api/admin/quality/batches/{id}/clearance_price`: the batch's near-expiry price (yuan), or null for the site's default rate. */
export const clearancePriceBody = z.object({
  clearance_price: yuanPrice('近效期价').nullable().meta({ description: 'Yuan; null sells the batch at the default rate of the base price' }),
});

/** A batch's near-expiry price as the console shows and sets it. */
export const ClearancePrice = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  batch_no: z.string(),
  xq: z.string(),
  base_price: money.meta({ description: "The goods' base price" }),
  clearance_price: money.nullable().meta({ description: 'Its own near-expiry price; null: the default rate' }),
  rate: z.number().int().meta({ description: 'The default rate (percent of the base price), setting near_expiry_rate' }),
  near_price: money.meta({ description: 'What its units sell at in the near-expiry zone' }),
  near: bit.meta({ description: '1: within its goods’ minimum shelf life now, so sold in the zone (when released and unexpired)' }),
});
export type ClearancePrice = z.infer<typeof ClearancePrice>;

const RATE_MESSAGE = '近效期默认折扣须为1-100之间的整数（%）';

/**
 * `POST /api/admin/quality/near_expiry_rate`: the site's default near-expiry rate (setting `near_expiry_rate`), a whole
 * percent from 1 to 100 of the goods' base price that a near batch without a 近效期价 of its own sells at.
 */
export const nearExpiryRateBody = z.object({
  near_expiry_rate: wholeNumber(RATE_MESSAGE, '请输入近效期默认折扣')
    .pipe(z.number().min(1, { error: RATE_MESSAGE }).max(100, { error: RATE_MESSAGE }))
    .meta({ description: 'Percent of the base price, 1-100' }),
});

export const NearExpiryRate = z.object({
  near_expiry_rate: z.number().int().meta({ description: 'Percent of the base price a near batch without its own 近效期价 sells at' }),
  default_rate: z.number().int().meta({ description: 'The rate of a site that never set one (70)' }),
});
export type NearExpiryRate = z.infer<typeof NearExpiryRate>;
