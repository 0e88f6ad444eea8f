/**
 * 开票设置 (docs/decisions/025-invoices.md): the seller an invoice names (名称, 统一社会信用代码/纳税人识别号) and the
 * 税率 of each goods class, kept in the site's settings and edited in the console by an operator holding
 * `finance:invoice`, each change in the audit log. They are read afresh in the transaction that issues an
 * invoice, which copies them into it: a change applies to invoices issued afterwards, never to issued ones.
 */
import type { FastifyRequest } from 'fastify';
import { TAX_CLASS_KEYS, TAX_CLASSES, TAX_RATES, taxCategoryOf, taxClassOf, type TaxClass } from '../../../core/invoice-tax.js';
import type { InvoiceSettings, InvoiceSettingsInput } from '../../../core/schemas/invoices.js';
import type { Conn, Db } from '../../db/client.js';
import type { InvoiceSellerCopy } from '../../db/schema/invoices.js';
import { goodsByIds } from '../catalogue/index.js';
import { audited } from '../operators/index.js';
import type { OrderFacts } from '../orders/index.js';
import { intSetting, saveSettings, settingsOf } from '../settings/index.js';
import type { TaxBook } from './draft.js';

const SELLER = 'invoice_seller';
const SELLER_TAX_NO = 'invoice_seller_tax_no';
const rateKey = (k: TaxClass) => `invoice_tax_rate_${k}`;
const KEYS = [SELLER, SELLER_TAX_NO, ...TAX_CLASS_KEYS.map(rateKey), 'bank_account_name', 'title'];

type RateField = `rate_${TaxClass}`;

function rateOf(stored: Record<string, string>, k: TaxClass) {
  const v = intSetting(stored, rateKey(k), TAX_CLASSES[k].rate);
  return (TAX_RATES as readonly number[]).includes(v) ? v : TAX_CLASSES[k].rate;
}

/** The settings as stored now; the seller's name is the bank account's holder until one is set. */
export async function invoiceSettings(conn: Conn): Promise<InvoiceSettings> {
  const stored = await settingsOf(conn, KEYS);
  return {
    seller: stored[SELLER] || stored.bank_account_name || stored.title || '药采通',
    seller_tax_no: stored[SELLER_TAX_NO] ?? '',
    rate_drug: rateOf(stored, 'drug'),
    rate_tcm_pieces: rateOf(stored, 'tcm_pieces'),
    rate_device: rateOf(stored, 'device'),
    rate_health_food: rateOf(stored, 'health_food'),
  };
}

export const sellerCopy = (s: InvoiceSettings): InvoiceSellerCopy => ({ name: s.seller, taxNo: s.seller_tax_no });

/** Each goods line's 税收分类 and rate, from its goods' 处方分类 and the rates of now; goods gone are drugs. */
export async function taxBookOf(conn: Conn, facts: OrderFacts, settings: InvoiceSettings): Promise<TaxBook> {
  const rows = await goodsByIds(
    conn,
    facts.items.map((i) => i.goodsId),
  );
  const byId = new Map(rows.map((g) => [g.id, g]));
  return (goodsId) => {
    const g = byId.get(goodsId);
    const cfl = g?.cfl ?? '';
    return { category: taxCategoryOf(cfl, g?.isZy ?? false), rate: settings[`rate_${taxClassOf(cfl)}` satisfies RateField] };
  };
}

/** `POST /api/admin/invoices/settings`: the seller and the rates, written together. */
export async function saveInvoiceSettings(db: Db, request: FastifyRequest, input: InvoiceSettingsInput): Promise<InvoiceSettings> {
  return audited(
    db,
    request,
    { permission: 'finance:invoice', stale: 'nothing', action: 'invoice.settings', targetType: 'invoice_settings', targetId: 'site' },
    async (tx) => {
      const before = await invoiceSettings(tx);
      const after: InvoiceSettings = { ...input };
      await saveSettings(tx, {
        [SELLER]: after.seller,
        [SELLER_TAX_NO]: after.seller_tax_no,
        ...Object.fromEntries(TAX_CLASS_KEYS.map((k) => [rateKey(k), String(after[`rate_${k}`])])),
      });
      return { before, after, result: after };
    },
  );
}
