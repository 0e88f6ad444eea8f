/**
 * The 随货同行单 (GSP's delivery note) of an order: a row per order line and batch with the goods' 通用名, 剂型,
 * spec, manufacturer, approval number, batch number, production and expiry dates, quantity, unit, unit price and
 * amount; the supplier (the site's company), the receiving company, contact, address and shipping date. Before
 * the order ships the console reads it as a preview for picking, without a shipping date.
 */
import { amountInWords } from '../../../core/amount-words.js';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import type { DeliveryNote, DeliveryNoteRow } from '../../../core/schemas/trace.js';
import { fenToYuan } from '../../../core/money.js';
import type { Conn } from '../../db/client.js';
import { userBriefs } from '../accounts/index.js';
import { goodsByIds, itemBatches } from '../catalogue/index.js';
import type { OrderFacts } from '../orders/index.js';
import { settingsOf } from '../settings/index.js';

/** The supplier named on the note: the company the site's bank account is in, else the site's title. */
async function supplierName(conn: Conn) {
  const s = await settingsOf(conn, ['invoice_seller', 'bank_account_name', 'title']);
  return s.invoice_seller || s.bank_account_name || s.title || '药采通';
}

export async function deliveryNote(conn: Conn, facts: OrderFacts, seal: boolean): Promise<DeliveryNote> {
  const { order, items } = facts;
  const batches = await itemBatches(
    conn,
    items.map((i) => i.id),
  );
  const [goods, buyers, supplier] = await Promise.all([
    goodsByIds(conn, [...items.map((i) => i.goodsId), ...batches.map((b) => b.goodsId)]),
    userBriefs(conn, [order.userId]),
    supplierName(conn),
  ]);
  const goodsOf = new Map(goods.map((g) => [g.id, g]));
  const rows: DeliveryNoteRow[] = [];
  let totalNumber = 0;
  for (const item of items) {
    const parts = batches.filter((b) => b.itemId === item.id);
    // A line placed before batches names no batch but still left the warehouse.
    const spread = parts.length ? parts : [{ goodsId: item.goodsId, batchNo: '', scrq: '', xq: '', units: item.number }];
    const bundle = spread.some((p) => p.goodsId !== item.goodsId);
    let left = item.amount;
    spread.forEach((p, i) => {
      const g = goodsOf.get(p.goodsId);
      const own = p.goodsId === item.goodsId;
      const last = i === spread.length - 1;
      const amount = bundle ? (i === 0 ? item.amount : null) : last ? left : Math.round((item.amount * p.units) / item.number);
      if (amount !== null) left -= amount;
      rows.push({
        name: g?.tym || g?.name || item.name,
        jx: g?.jx ?? '',
        ypgg: own ? item.ypgg : (g?.ypgg ?? ''),
        sccj: own ? item.sccj : (g?.sccj ?? ''),
        pzwh: g?.pzwh ?? '',
        batch_no: p.batchNo,
        scrq: p.scrq,
        xq: p.xq,
        number: p.units,
        bzdw: own ? item.bzdw : (g?.bzdw ?? ''),
        price: amount === null ? '' : fenToYuan(Math.round(item.amount / item.number)),
        amount: amount === null ? '' : fenToYuan(amount),
      });
      totalNumber += p.units;
    });
  }
  const total = items.reduce((n, i) => n + i.amount, 0);
  const a = order.address;
  return {
    order_id: order.id,
    order_no: order.orderNo,
    shipped: order.shippedAt ? 1 : 0,
    shipped_at: order.shippedAt ? chinaToday(order.shippedAt.getTime()) : '',
    supplier,
    receiver: buyers.get(order.userId)?.company || a.name,
    contact: a.name,
    phone: a.phone,
    address: `${a.province}${a.city}${a.district}${a.address}`,
    carrier: order.carrier,
    tracking_no: order.trackingNo,
    rows,
    total_number: totalNumber,
    total_amount: fenToYuan(total),
    total_words: amountInWords(total),
    seal: seal ? 1 : 0,
  };
}
