/** Receiving addresses (收货地址): an account's own only; one default; another account's id answers 404. */
import { and, asc, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Address, addressBody } from '../../../core/schemas/trade.js';
import type { Conn, Db } from '../../db/client.js';
import { decodeJsonRows, jsonArrayOfRows, namedColumns } from '../../db/json-rows.js';
import { addresses } from '../../db/schema/addresses.js';
import { notFound, refuse } from '../../http/envelope.js';

const ADDRESS_MAX = 20;
const ADDRESS_MISSING = '收货地址不存在';

type Row = typeof addresses.$inferSelect;
type Input = z.infer<typeof addressBody>;

const addressView = (a: Row): Address => ({
  id: a.id,
  name: a.name,
  phone: a.phone,
  province: a.province,
  city: a.city,
  district: a.district,
  address: a.address,
  is_default: a.isDefault ? 1 : 0,
  full: `${a.province}${a.city}${a.district}${a.address}`,
});

export async function listAddresses(conn: Conn, userId: number) {
  const rows = await conn.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), asc(addresses.id));
  return rows.map(addressView);
}

export async function ownAddress(conn: Conn, userId: number, id: number): Promise<Row> {
  const [row] = await conn
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  if (!row) throw notFound(ADDRESS_MISSING);
  return row;
}

/**
 * SQL for the account's address `id` as a JSON array text of at most one row: a column of another module's read
 * (the order's locked read of its cart lines), which `ownAddressIn` answers from.
 */
export const ownAddressSql = (userId: SQL, id: SQL) =>
  sql<string>`(select ${jsonArrayOfRows} from (select ${namedColumns(getTableColumns(addresses))} from ${addresses}
    where ${addresses.id} = ${id} and ${addresses.userId} = ${userId}) r)`;

/** The address `ownAddressSql` read, or 404 as `ownAddress` answers. */
export function ownAddressIn(text: string): Row {
  const [row] = decodeJsonRows(getTableColumns(addresses), text) as Row[];
  if (!row) throw notFound(ADDRESS_MISSING);
  return row;
}

const values = (input: Input) => ({
  name: input.name,
  phone: input.phone,
  province: input.province,
  city: input.city,
  district: input.district,
  address: input.address,
});

export async function createAddress(db: Db, userId: number, input: Input) {
  return db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    if (n >= ADDRESS_MAX) throw refuse(`最多保存${ADDRESS_MAX}个收货地址`);
    // The first address is the default whatever the form says.
    const isDefault = n === 0 || input.is_default === 1;
    if (isDefault) await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...values(input), isDefault })
      .returning();
    return addressView(row);
  });
}

export async function updateAddress(db: Db, userId: number, id: number, input: Input) {
  return db.transaction(async (tx) => {
    const current = await ownAddress(tx, userId, id);
    const isDefault = current.isDefault || input.is_default === 1;
    if (isDefault && !current.isDefault) await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
    const [row] = await tx
      .update(addresses)
      .set({ ...values(input), isDefault })
      .where(eq(addresses.id, id))
      .returning();
    return addressView(row);
  });
}

export async function deleteAddress(db: Db, userId: number, id: number) {
  return db.transaction(async (tx) => {
    const current = await ownAddress(tx, userId, id);
    await tx.delete(addresses).where(eq(addresses.id, id));
    if (current.isDefault) {
      const [next] = await tx.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id)).limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
    return { id };
  });
}

export async function setDefaultAddress(db: Db, userId: number, id: number) {
  return db.transaction(async (tx) => {
    await ownAddress(tx, userId, id);
    await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
    await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id));
    return listAddresses(tx, userId);
  });
}
