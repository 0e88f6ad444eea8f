/**
 * The demo pharmacy's invoice titles (the company's own, the default, and its branch's) and the blue invoices
 * of its completed orders, issued through the invoices module on the day each order completed. Runs once: an
 * account that has titles is left as it is.
 */
import { and, asc, eq } from 'drizzle-orm';
import { OrderStatus } from '../../core/status.js';
import type { Db } from '../db/client.js';
import { invoiceTitles, invoices, orders, users } from '../db/schema/index.js';
import { issueInTx } from '../modules/invoices/service.js';
import { orderFacts } from '../modules/orders/events.js';

const DEMO_TITLES = [
  {
    company: '杭州仁和大药房有限公司',
    taxNo: '91330105MA2H7K3X8Q',
    addressPhone: '浙江省杭州市拱墅区湖墅南路186号 0571-88812345',
    bankAccount: '中国工商银行杭州湖墅支行 1202020109900123456',
    isDefault: true,
  },
  {
    company: '杭州仁和大药房有限公司湖墅分店',
    taxNo: '91330105MA2J1P6W4R',
    addressPhone: '浙江省杭州市拱墅区湖墅南路210号 0571-88812367',
    bankAccount: '杭州银行湖墅支行 3301040160012345678',
    isDefault: false,
  },
];

export async function seedDemoInvoices(db: Db) {
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
  if (!demo) return;
  if ((await db.select({ id: invoiceTitles.id }).from(invoiceTitles).where(eq(invoiceTitles.userId, demo.id)).limit(1)).length) return;
  await db.insert(invoiceTitles).values(DEMO_TITLES.map((t) => ({ userId: demo.id, ...t })));
  const done = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, demo.id), eq(orders.status, OrderStatus.done)))
    .orderBy(asc(orders.id));
  for (const o of done)
    await db.transaction(async (tx) => {
      const facts = await orderFacts(tx, o.id, true);
      const at = facts.order.receivedAt ?? new Date();
      const result = await issueInTx(tx, facts, { by: null, at });
      if (result) await tx.update(invoices).set({ createdAt: at }).where(eq(invoices.id, result.row.id));
    });
}
