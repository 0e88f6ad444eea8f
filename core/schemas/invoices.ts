/**
 * 电子发票 (DESIGN.md section 15, docs/decisions/025-invoices.md): the buyer's invoice titles, the invoices of paid
 * orders (blue when issued, red when reversing one) and the console's list, issue and reversal. The title form
 * of `/dzfp` checks each field with `invoiceTitleBody`, the schema the server reads the same post with.
 */
import { z } from 'zod';
import { TAX_CLASSES, TAX_RATES, type TaxClass } from '../invoice-tax.js';
import { calendarDay } from './admin-goods.js';
import { AdminBuyer } from './admin-orders.js';
import { companyName, flag, freeText, id, optionalText, page, text, wholeNumber } from './common.js';
import { bit, money, pageOf, unixTime } from './envelope.js';

/** 税号 (统一社会信用代码 or the older taxpayer number): 15-20 capitals and digits; small letters are read as capitals. */
const TAX_NO_RE = /^[0-9A-Z]{15,20}$/;
/** Titles one account may keep. */
export const INVOICE_TITLE_MAX = 10;

/** 0 待开票 (no title yet), 1 已开票, 2 已红冲 (a blue invoice reversed by a red one). */
export const InvoiceStatus = { waiting: 0, issued: 1, reversed: 2 } as const;
export const INVOICE_STATUS_TEXT: Record<number, string> = { 0: '待开票', 1: '已开票', 2: '已红冲' };
const INVOICE_KINDS = ['blue', 'red'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_TEXT: Record<InvoiceKind, string> = { blue: '蓝字发票', red: '红字发票' };

// ------------------------------------------------------------------------------------------------ titles

const taxNo = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(
      z
        .string()
        .min(1, { error: `请输入${label}` })
        .regex(TAX_NO_RE, { error: `${label}须为15-20位数字或大写字母` }),
    );

export const invoiceTitleBody = z.object({
  company: companyName('发票抬头'),
  tax_no: taxNo('税号'),
  address_phone: optionalText('地址电话', 120),
  bank_account: optionalText('开户行及账号', 120),
  is_default: flag('默认抬头').optional().default(0).meta({ description: '1: the default title; the first title is the default whatever this says' }),
});
export type InvoiceTitleInput = z.output<typeof invoiceTitleBody>;

export const invoiceTitleParams = z.object({ id: id('发票抬头ID') });

export const InvoiceTitle = z.object({
  id: z.number().int(),
  company: z.string(),
  tax_no: z.string(),
  address_phone: z.string(),
  bank_account: z.string(),
  is_default: bit,
});
export type InvoiceTitle = z.infer<typeof InvoiceTitle>;

export const InvoiceTitleDeleted = z.object({ id: z.number().int() });

// ------------------------------------------------------------------------------------------------ invoices

export const invoiceQuery = z.object({
  page: page(),
  status: z
    .enum(['0', '1', '2'], { error: '发票状态不正确' })
    .optional()
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .meta({ description: '0 待开票, 1 已开票, 2 已红冲; absent: all' }),
  order_id: id('订单ID').optional().meta({ description: "one order's invoices (the order detail links here)" }),
});

export const invoiceParams = z.object({ id: id('发票ID') });

/** `POST /api/invoice/{id}/title`: the title a waiting invoice is issued with. */
export const chooseTitleBody = z.object({ title_id: id('发票抬头') });

/** The title as the invoice carries it: copied when it was issued. */
const TitleCopy = z.object({ company: z.string(), tax_no: z.string(), address_phone: z.string(), bank_account: z.string() });

export const InvoiceLine = z.object({
  name: z.string(),
  item_name: z.string().meta({ description: '项目名称 as the invoice prints it, the 简称 of its 税收分类 first: *化学药品制剂*阿莫西林胶囊' }),
  spec: z.string().meta({ description: '规格型号' }),
  unit: z.string(),
  quantity: z.number().int().meta({ description: 'negative on a red invoice' }),
  unit_price: money.meta({ description: '元，两位小数: what the buyer paid a unit, tax included' }),
  amount: money.meta({ description: '元，两位小数: what the buyer paid for the line, tax included' }),
  net_unit_price: z.string().meta({ description: '单价 without tax, to up to six decimals' }),
  net_amount: money.meta({ description: '元，两位小数: 金额, the amount without tax' }),
  rate: z.number().int().meta({ description: '税率/征收率 in percent' }),
  tax_amount: money.meta({ description: '元，两位小数: 税额; net_amount + tax_amount = amount' }),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const Invoice = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_no: z.string(),
  kind: z.enum(INVOICE_KINDS),
  kind_text: z.string(),
  status: z.number().int().meta({ description: '0 待开票, 1 已开票, 2 已红冲' }),
  status_text: z.string(),
  invoice_no: z.string().meta({ description: "'' until issued" }),
  reverses_no: z.string().meta({ description: 'a red invoice: the number of the blue one it reverses' }),
  reversed_by_no: z.string().meta({ description: 'a reversed blue invoice: the number of the red one' }),
  title: TitleCopy.nullable().meta({ description: 'null while 待开票' }),
  amount: money.meta({ description: 'goods net of returns, tax included; negative on a red invoice' }),
  issued_at: unixTime.nullable(),
  created_at: unixTime,
  can_choose_title: bit.meta({ description: '1: waiting for a title (POST /api/invoice/{id}/title)' }),
  can_download: bit.meta({ description: '1: issued, GET /api/invoice/{id}/pdf' }),
});
export type Invoice = z.infer<typeof Invoice>;

export const InvoicePage = pageOf(Invoice);
export type InvoicePage = z.infer<typeof InvoicePage>;

export const InvoiceDetail = Invoice.extend({
  lines: z.array(InvoiceLine),
  net_amount: money.meta({ description: '元，两位小数: 合计金额, without tax' }),
  tax_amount: money.meta({ description: '元，两位小数: 合计税额; net_amount + tax_amount = amount' }),
  amount_words: z.string().meta({ description: 'the amount in Chinese capitals (壹万贰仟…元整)' }),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetail>;

// ------------------------------------------------------------------------------------------------ console

export const adminInvoiceQuery = z.object({
  page: page(),
  status: z.enum(['0', '1', '2'], { error: '发票状态不正确' }).optional().meta({ description: '0 待开票, 1 已开票, 2 已红冲' }),
  kind: z.enum(INVOICE_KINDS, { error: '发票类型不正确' }).optional(),
  order_no: freeText('订单号', 30).optional().default('').meta({ description: 'part of the order number or of the invoice number' }),
  buyer: freeText('客户', 50).optional().default('').meta({ description: "part of the buyer's company, username or phone, or of the title's company" }),
  date_from: calendarDay('开始日期').optional().meta({ description: 'China day the invoice was issued (a waiting one: made) from' }),
  date_to: calendarDay('结束日期').optional(),
});

export const adminInvoiceParams = z.object({ id: id('发票ID') });

/** `GET /api/admin/invoices/uninvoiced`: paid orders with no invoice in force, to issue now. */
export const adminUninvoicedQuery = z.object({
  keyword: freeText('关键词', 50).optional().default('').meta({ description: "part of the order number, or of the buyer's company, username or phone" }),
});

export const UninvoicedOrder = z.object({
  order_id: z.number().int(),
  order_no: z.string(),
  status: z.number().int().meta({ description: '1 待发货, 2 已发货, 3 已完成' }),
  status_text: z.string(),
  buyer: AdminBuyer,
  amount: money.meta({ description: 'what the invoice would say: paid less refunded' }),
  paid_at: unixTime.nullable(),
  received_at: unixTime.nullable().meta({ description: 'when it completed; null before' }),
  has_title: bit.meta({ description: '1: the order named a title at checkout or the buyer has one, so it can be issued now' }),
});
export type UninvoicedOrder = z.infer<typeof UninvoicedOrder>;

/** `POST /api/admin/invoices/issue`: 立即开票 of a paid order, found by its number. */
export const adminIssueBody = z.object({
  order_no: text('订单号', 24).regex(/^[0-9A-Za-z]{6,24}$/, { error: '订单号格式不正确' }),
});

/** `POST /api/admin/invoices/{id}/reverse`: why a blue invoice is reversed (the buyer reads it). */
export const adminReverseBody = z.object({ reason: text('红冲原因', 100) });

export const AdminInvoice = InvoiceDetail.extend({
  buyer: AdminBuyer,
  issued_by: z.string().meta({ description: "the operator who issued it, or '系统' when the order's completion did" }),
});
export type AdminInvoice = z.infer<typeof AdminInvoice>;
export const AdminInvoicePage = pageOf(AdminInvoice);
export type AdminInvoicePage = z.infer<typeof AdminInvoicePage>;

/** A goods class's rate as the console's form posts it: one of the rates of Chinese VAT, in percent. */
const taxRate = (key: TaxClass) => {
  const label = TAX_CLASSES[key].name;
  const message = `${label}的税率须为${TAX_RATES.map((r) => `${r}%`).join('、')}之一`;
  return wholeNumber(message, `请选择${label}的税率`)
    .pipe(z.number().refine((v) => (TAX_RATES as readonly number[]).includes(v), { error: message }))
    .meta({ description: `${label} (${TAX_CLASSES[key].note}): percent, one of ${TAX_RATES.join(', ')}` });
};

/**
 * `POST /api/admin/invoices/settings`: the seller an invoice names (名称 and 统一社会信用代码/纳税人识别号) and the rate
 * of each goods class. Invoices issued later use them; those issued keep what they were issued with.
 */
export const invoiceSettingsBody = z.object({
  seller: companyName('销售方名称'),
  seller_tax_no: taxNo('纳税人识别号'),
  rate_drug: taxRate('drug'),
  rate_tcm_pieces: taxRate('tcm_pieces'),
  rate_device: taxRate('device'),
  rate_health_food: taxRate('health_food'),
});
export type InvoiceSettingsInput = z.output<typeof invoiceSettingsBody>;

export const InvoiceSettings = z.object({
  seller: z.string(),
  seller_tax_no: z.string().meta({ description: "'' until an operator sets it" }),
  rate_drug: z.number().int(),
  rate_tcm_pieces: z.number().int(),
  rate_device: z.number().int(),
  rate_health_food: z.number().int(),
});
export type InvoiceSettings = z.infer<typeof InvoiceSettings>;
