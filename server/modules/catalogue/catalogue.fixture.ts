/** What the catalogue's buyer tests share: the app and three buyers signed in; `openCatalogue()` opens them for a file. */
import { beforeAll, afterAll } from 'vitest';
import { agent, buildTestApp, loginAs, type TestApp } from '../../testing.js';

export let t: TestApp;
export let demo: ReturnType<typeof agent>;
export let pending: ReturnType<typeof agent>;
export let chain: ReturnType<typeof agent>;

export type G = {
  id: number;
  name: string;
  sccj: string;
  base_price: string | null;
  price_tip: string | null;
  ladder_price: { price: string | null }[];
  is_kx: number;
  number: number;
  xq: string;
  sales: number;
  pzwh: string;
};
export const names = (list: G[]) => list.map((g) => g.name);

/** Opens the app and signs the accounts in before the file's tests, and closes it after them. */
export function openCatalogue() {
  beforeAll(async () => {
    t = await buildTestApp({ goods: 400 });
    [demo, pending, chain] = await Promise.all([loginAs(t.app, 'demo'), loginAs(t.app, 'pending'), loginAs(t.app, 'chain')]);
  });
  afterAll(async () => t?.close());
}
