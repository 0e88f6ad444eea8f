/** A chain headquarters' stores (多店管理) and acting for one: cart, orders and wallet are then the store's. */
import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import type { ChainStore, ChainStores } from '../../../core/schemas/member.js';
import type { Conn, Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import type { CurrentSession } from '../../http/auth.js';
import { notFound } from '../../http/envelope.js';
import { licenceExpiriesSql } from './licence-expiry.js';
import { userBase } from './service.js';
import { setActingFor } from './sessions.js';

const STORE_MISSING = '门店不存在';

/** A chain headquarters' stores (its sub-accounts), oldest first. */
export async function storesOf(db: Conn, userId: number): Promise<ChainStore[]> {
  const rows = await db.select().from(users).where(eq(users.parentId, userId)).orderBy(asc(users.id));
  return rows.map((s) => ({
    id: s.id,
    username: s.username,
    company: s.company,
    name: s.name,
    phone: s.phone,
    is_passed: s.isPassed,
    register_step: s.registerStep,
    address: `${s.province}${s.city}${s.district}${s.address}`,
    created_at: Math.floor(s.createdAt.getTime() / 1000),
  }));
}

/** One store of the headquarters, or null. */
/** The headquarters' store `storeId` with its licences' approved last days (as a session carries them), or null. */
export async function storeOf(conn: Conn, headquartersId: number, storeId: number) {
  const [store] = await conn
    .select({ ...getTableColumns(users), licenceExpiries: licenceExpiriesSql() })
    .from(users)
    .where(and(eq(users.id, storeId), eq(users.parentId, headquartersId)))
    .limit(1);
  return store ?? null;
}

/** The headquarters the session logs in as: itself, or the one acting for a store. */
const headquartersOf = (session: CurrentSession) => session.actor ?? session.user;

/** GET /api/user/dd: the stores, which one the session acts for, and whether this account may have stores. */
export async function chainStores(db: Db, session: CurrentSession): Promise<ChainStores> {
  const hq = headquartersOf(session);
  const isChain = hq.companyType === '连锁总部';
  return {
    is_chain: isChain ? 1 : 0,
    headquarters: { id: hq.id, username: hq.username, company: hq.company },
    acting_for: session.actor ? session.user.id : 0,
    stores: isChain ? await storesOf(db, hq.id) : [],
  };
}

/** POST /api/user/act_for: the headquarters acts for one of its stores (cart, orders, wallet are the store's). */
export async function actFor(db: Db, session: CurrentSession, storeId: number) {
  const hq = headquartersOf(session);
  const store = await storeOf(db, hq.id, storeId);
  if (!store) throw notFound(STORE_MISSING);
  await setActingFor(db, session, store.id);
  return userBase(db, store, session.token, hq);
}

/** DELETE /api/user/act_for: back to the headquarters' own account. */
export async function stopActing(db: Db, session: CurrentSession) {
  const hq = headquartersOf(session);
  if (session.actor) await setActingFor(db, session, null);
  return userBase(db, hq, session.token, null);
}
