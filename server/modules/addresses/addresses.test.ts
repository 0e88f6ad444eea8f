/** Receiving addresses: one default, Chinese messages for bad input, another account's address answers 404. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, buildTestApp, dbLabel, loginAs, type TestApp } from '../../testing.js';

let t: TestApp;
let demo: ReturnType<typeof agent>;
beforeAll(async () => {
  t = await buildTestApp({ goods: 50 });
  demo = await loginAs(t.app, 'demo');
});
afterAll(async () => t?.close());

const form = { name: '王芳', phone: '0571-88886666', province: '浙江省', city: '杭州市', district: '上城区', address: '解放路 12 号 3 楼' };
type A = { id: number; is_default: number; full: string; name: string };

describe(`addresses on ${dbLabel}`, () => {
  it('lists the default first, adds, edits, moves the default and deletes', async () => {
    const start = (await demo.get('/api/address')).body.data as A[];
    expect(start[0].is_default).toBe(1);
    const added = (await demo.post('/api/address', { ...form, is_default: 1 })).body.data as A;
    expect(added).toMatchObject({ name: '王芳', is_default: 1, full: '浙江省杭州市上城区解放路 12 号 3 楼' });
    let list = (await demo.get('/api/address')).body.data as A[];
    expect(list.filter((a) => a.is_default)).toHaveLength(1);
    expect(list[0].id).toBe(added.id);
    const edited = (await demo.post(`/api/address/${added.id}`, { ...form, name: '王芳芳' })).body.data as A;
    expect(edited).toMatchObject({ name: '王芳芳', is_default: 1 });
    await demo.post(`/api/address/${start[0].id}/default`);
    list = (await demo.get('/api/address')).body.data as A[];
    expect(list[0].id).toBe(start[0].id);
    expect((await demo.delete(`/api/address/${added.id}`)).body.code).toBe(10000);
    expect(((await demo.get('/api/address')).body.data as A[]).map((a) => a.id)).not.toContain(added.id);
  });

  it('answers bad input with the field message and changes nothing', async () => {
    const before = (await demo.get('/api/address')).body.data.length;
    const bad = await demo.post('/api/address', { ...form, phone: '12345' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('请输入正确的联系电话（手机号或区号-座机号）');
    expect((await demo.post('/api/address', { ...form, name: '' })).body.data.errors.name[0]).toBe('请输入收货人');
    expect((await demo.get('/api/address')).body.data.length).toBe(before);
  });

  it('answers 404 for an address of another account and refuses guests', async () => {
    const [mine] = (await demo.get('/api/address')).body.data as A[];
    const chain = await loginAs(t.app, 'chain');
    expect((await chain.post(`/api/address/${mine.id}`, form)).status).toBe(404);
    expect((await chain.delete(`/api/address/${mine.id}`)).status).toBe(404);
    expect((await chain.post(`/api/address/${mine.id}/default`)).status).toBe(404);
    expect((await agent(t.app).get('/api/address')).status).toBe(401);
  });
});
