/**
 * Drug trace codes (药品追溯码) at the outbound check (出库复核) and the 随货同行单
 * (docs/decisions/035-trace-codes-and-delivery-note.md). A code is 20 digits whose first 7 are the goods'
 * 药品标识码. The console's scanning page checks a code's form with the schema the server reads the post with.
 */
import { z } from 'zod';
import { id } from './common.js';
import { bit, money, unixTime } from './envelope.js';

/** The most codes one post takes: what a scanner gathers in a few seconds, many times over. */
export const TRACE_SCAN_MAX = 200;

const CODE_RE = /^\d{20}$/;
const TRACE_CODE_FORM = '追溯码应为20位数字';

/** What a scanner typed, without spaces around it; 20 digits. */
const traceCode = z.string().trim().regex(CODE_RE, { error: TRACE_CODE_FORM });

/** The form of a code as the page checks it before sending: null when it is 20 digits, else the message. */
export function traceCodeProblem(code: string): string | null {
  return CODE_RE.test(code.trim()) ? null : TRACE_CODE_FORM;
}

export const traceOrderParams = z.object({ id: id('订单ID') });
export const traceCodeParams = z.object({ id: id('订单ID'), code: traceCode });
export const traceScanBody = z.object({
  codes: z
    .array(traceCode)
    .min(1, { error: '请扫描追溯码' })
    .max(TRACE_SCAN_MAX, { error: `每次最多提交${TRACE_SCAN_MAX}个追溯码` }),
  /** The batch the boxes were taken from; without it each code goes to its line's first batch with room (FEFO). */
  batch_no: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,30}[A-Za-z0-9])?$/, { error: '批号应为字母或数字（可含中间的横线），最多32位' })
    .optional(),
});
export type TraceScanBody = z.infer<typeof traceScanBody>;

const TRACE_FORMATS = ['xlsx', 'csv'] as const;
export const traceDownloadQuery = z.object({
  format: z.enum(TRACE_FORMATS, { error: '格式须为 xlsx 或 csv' }).default('xlsx'),
});

const int = () => z.number().int();

const TraceCode = z.object({
  code: z.string(),
  batch_no: z.string().meta({ description: '批号' }),
  scanned_at: unixTime,
});

/** One goods of an order line (a bundle line has one per part), with the codes it needs and has. */
export const TraceLine = z.object({
  key: z.string().meta({ description: 'order line and goods, `{item_id}-{goods_id}`' }),
  item_id: int(),
  goods_id: int(),
  name: z.string(),
  ypgg: z.string(),
  sccj: z.string(),
  bzdw: z.string(),
  pzwh: z.string(),
  prefix: z.string().meta({ description: '药品标识码, the first 7 digits of its codes; empty when the goods is not set up' }),
  without_codes: bit.meta({ description: '1 for goods sold without codes (器械, 中药饮片, 保健食品)' }),
  needs_codes: bit.meta({ description: '1 when every box is scanned before shipping' }),
  units: int().meta({ description: 'the boxes the line takes from its batches' }),
  scanned: int(),
  batches: z.array(z.object({ batch_no: z.string(), xq: z.string(), units: int(), scanned: int() })),
  codes: z.array(TraceCode).meta({ description: 'newest first' }),
});
export type TraceLine = z.infer<typeof TraceLine>;

export const TraceOrder = z.object({
  order_id: int(),
  order_no: z.string(),
  status: int(),
  status_text: z.string(),
  company: z.string(),
  needed: int().meta({ description: 'codes the order needs in all' }),
  scanned: int(),
  complete: bit.meta({ description: '1 when every line with codes has as many codes as units (可发货)' }),
  lines: z.array(TraceLine),
});
export type TraceOrder = z.infer<typeof TraceOrder>;

export const TraceScanResult = z.object({
  results: z.array(
    z.object({
      code: z.string(),
      key: z.string().nullable().meta({ description: 'the line it counts for; null when refused' }),
      message: z.string().meta({ description: 'empty when taken, else why not' }),
    }),
  ),
  order: TraceOrder,
});
export type TraceScanResult = z.infer<typeof TraceScanResult>;

/** One row of the 随货同行单: the units of an order line from one batch. */
export const DeliveryNoteRow = z.object({
  name: z.string().meta({ description: '通用名 (or the name)' }),
  jx: z.string().meta({ description: '剂型' }),
  ypgg: z.string(),
  sccj: z.string(),
  pzwh: z.string(),
  batch_no: z.string(),
  scrq: z.string(),
  xq: z.string(),
  number: int(),
  bzdw: z.string(),
  price: z.string().meta({ description: '单价 元，两位小数; empty for the parts of a bundle after the first' }),
  amount: z.string().meta({ description: '金额 元，两位小数; empty for the parts of a bundle after the first' }),
});
export type DeliveryNoteRow = z.infer<typeof DeliveryNoteRow>;

export const DeliveryNote = z.object({
  order_id: int(),
  order_no: z.string(),
  shipped: bit.meta({ description: '0 before shipping: a preview for picking, without a shipping date' }),
  shipped_at: z.string().meta({ description: '发货日期 YYYY-MM-DD, China time; empty before shipping' }),
  supplier: z.string(),
  receiver: z.string().meta({ description: '购货单位' }),
  contact: z.string(),
  phone: z.string(),
  address: z.string(),
  carrier: z.string(),
  tracking_no: z.string(),
  rows: z.array(DeliveryNoteRow),
  total_number: int(),
  total_amount: money,
  total_words: z.string().meta({ description: '合计金额大写' }),
  seal: bit.meta({ description: '1 when the 出库专用章 picture is set (GET /api/admin/trace/seal)' }),
});
export type DeliveryNote = z.infer<typeof DeliveryNote>;

/** A goods' 药品标识码 as the console sets it: 7 digits, or empty with 无追溯码 for goods sold without codes. */
export const traceGoodsParams = z.object({ id: id('商品ID') });
export const traceGoodsBody = z
  .object({
    prefix: z
      .string()
      .trim()
      .regex(/^(\d{7})?$/, { error: '药品标识码应为7位数字' }),
    without_codes: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: '请选择是否无追溯码' })),
  })
  .refine((v) => v.without_codes === 1 || v.prefix !== '', { path: ['prefix'], error: '请输入药品标识码，或选择无追溯码' });
export type TraceGoodsBody = z.infer<typeof traceGoodsBody>;
export const TraceGoods = z.object({ goods_id: int(), prefix: z.string(), without_codes: bit });
export type TraceGoods = z.infer<typeof TraceGoods>;
