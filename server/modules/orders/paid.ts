/** Orders an account has paid, for what other modules grant per paid order (the lottery's free draws). */
import { and, count, eq, gte, isNotNull, lt, ne } from 'drizzle-orm';
import type { Conn } from '../../db/client.js';
import { orders } from '../../db/schema/orders.js';

/** Orders of the account paid within [since, until) and not cancelled since. */
export async function paidOrderCount(conn: Conn, userId: number, since: Date, until: Date): Promise<number> {
  const [{ n }] = await conn
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.paidAt), gte(orders.paidAt, since), lt(orders.paidAt, until), ne(orders.status, 4)));
  return n;
}
