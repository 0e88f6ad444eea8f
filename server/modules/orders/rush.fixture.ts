/** Many approved buyers at once, for the tests of orders placed together: each logged in with a line in its cart and an address. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../db/schema/index.js';
import { loginAs, type TestApp } from '../../testing.js';

type Line = { goods_id: number; number: number; type?: string };

/**
 * `count` new approved buyers like demo (its password and 经营范围), named `${prefix}0`, `${prefix}1`, ..., with phones
 * `${phone}0000` upwards; each logged in, with `line` in its cart and an address of its own. Answers the accounts,
 * their clients and their address ids, in the same order.
 */
export async function rushBuyers(t: TestApp, opts: { prefix: string; phone: string; company: string; count: number; line: Line }) {
  const [template] = await t.db.select().from(users).where(eq(users.username, 'demo'));
  const name = opts.company.slice(0, 3);
  const buyers = await t.db
    .insert(users)
    .values(
      Array.from({ length: opts.count }, (_, i) => ({
        username: `${opts.prefix}${i}`,
        phone: `${opts.phone}${String(i).padStart(4, '0')}`,
        passwordHash: template.passwordHash,
        name,
        company: `${opts.company}${i}`,
        isPassed: 1,
        scopeIds: template.scopeIds,
        registerStep: 3,
        contractSignedAt: new Date(),
        province: '浙江省',
        city: '杭州市',
        district: '西湖区',
        address: '文三路 1 号',
      })),
    )
    .returning();
  const agents = await Promise.all(buyers.map((b) => loginAs(t.app, b.username)));
  const addresses: number[] = [];
  for (const a of agents) {
    expect((await a.post('/api/cart', { params: [opts.line] })).body.code).toBe(10000);
    const address = { name, phone: `${opts.phone}0000`, province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路 1 号' };
    addresses.push((await a.post('/api/address', address)).body.data.id);
  }
  return { buyers, agents, addresses };
}
