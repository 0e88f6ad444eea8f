/** Who an order or a request belongs to, as the console lists them: one statement for a page of rows. */
import { ilike, inArray, or } from 'drizzle-orm';
import type { Conn } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { containing } from '../../db/like.js';

export type UserBrief = { id: number; username: string; company: string; phone: string };

export async function userBriefs(conn: Conn, ids: number[]): Promise<Map<number, UserBrief>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await conn
    .select({ id: users.id, username: users.username, company: users.company, phone: users.phone })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A brief of an account that may be gone (an order outlives nothing here, but a list must not break). */
export const briefOf = (map: Map<number, UserBrief>, id: number): UserBrief => map.get(id) ?? { id, username: '', company: '（已删除）', phone: '' };

/** At most this many accounts take part in a console search by buyer (a company name is typed, not browsed). */
const BUYER_MATCH_LIMIT = 200;

/** Accounts whose company, username or phone holds `keyword`: the console finds a buyer's orders by them. */
export async function buyersMatching(conn: Conn, keyword: string): Promise<number[]> {
  const like = containing(keyword);
  const rows = await conn
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(users.company, like), ilike(users.username, like), ilike(users.phone, like)))
    .limit(BUYER_MATCH_LIMIT);
  return rows.map((r) => r.id);
}
