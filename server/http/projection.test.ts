/** The production writer of answers: the declared fields of each value, of their types, as Zod would write them. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answers, money, okOf } from '../../core/schemas/envelope.js';
import { MISMATCH, projector } from './projection.js';

const Goods = z.object({ id: z.number(), name: z.string(), price: money, tags: z.array(z.string()) });
const Line = z.object({
  id: z.number().nullable(),
  kind: z.enum(['cart', 'huangou']),
  goods: Goods.nullable(),
  need: z.union([money, z.number()]),
  note: z.string().optional(),
});
const Cart = z.object({ list: z.array(Line), total: money });

/** What the projector writes, as text, and what Zod writes. */
const both = (schema: z.ZodType, data: unknown) => [JSON.stringify(projector(schema)(data)), JSON.stringify(schema.encode(data))];

describe('the answer projector', () => {
  it('keeps the declared fields of every object, nested in arrays and nullable objects, in the schema’s order', () => {
    const data = {
      total: '12.50',
      secret: 'x',
      list: [
        { kind: 'cart', id: 1, goods: { name: '阿莫西林胶囊', id: 7, price: '6.25', tags: ['满'], cost: 300 }, need: '0.00', userId: 9 },
        { id: null, kind: 'huangou', goods: null, need: 3, note: '换购' },
      ],
    };
    const [fast, zod] = both(Cart, data);
    expect(fast).toBe(zod);
    expect(fast).toBe(
      '{"list":[{"id":1,"kind":"cart","goods":{"id":7,"name":"阿莫西林胶囊","price":"6.25","tags":["满"]},"need":"0.00"},' +
        '{"id":null,"kind":"huangou","goods":null,"need":3,"note":"换购"}],"total":"12.50"}',
    );
  });

  it('tells an answer from a refusal by its code, as the union of every route’s answers does', () => {
    const schema = answers(Cart)[200];
    expect(both(schema, { code: 10000, message: 'success', data: { list: [], total: '0.00', extra: 1 } })).toEqual([
      '{"code":10000,"message":"success","data":{"list":[],"total":"0.00"}}',
      '{"code":10000,"message":"success","data":{"list":[],"total":"0.00"}}',
    ]);
    const [fast, zod] = both(schema, { code: 400, message: '库存不足', data: null });
    expect(fast).toBe('{"code":400,"message":"库存不足","data":null}');
    expect(fast).toBe(zod);
  });

  it('stops at a value of the wrong type, where Zod refuses it too', () => {
    const project = projector(okOf(Cart));
    for (const bad of [
      { code: 10000, message: 'success', data: { list: [], total: 12.5 } },
      { code: 10000, message: 'success', data: { list: [{ id: '1', kind: 'cart', goods: null, need: 1 }], total: '1.00' } },
      { code: 10000, message: 'success', data: { list: [{ id: 1, kind: 'other', goods: null, need: 1 }], total: '1.00' } },
      { code: 10000, message: 'success', data: { list: [{ id: 1, kind: 'cart', goods: null, need: true }], total: '1.00' } },
      { code: 10000, message: 'success', data: { total: '1.00' } },
      { code: 10000, message: 'success', data: { list: [{ id: 1, kind: 'cart', goods: null, need: 1, note: 3 }], total: '1.00' } },
    ]) {
      expect(() => project(bad)).toThrow();
      try {
        project(bad);
      } catch (error) {
        expect(error).toBe(MISMATCH);
      }
      expect(okOf(Cart).safeEncode(bad as never).success).toBe(false);
    }
  });

  it('writes a tree that holds itself, and hands what it does not read itself (records, defaults) to Zod', () => {
    type Node = { id: number; children: Node[] };
    const Tree: z.ZodType<Node> = z.object({
      id: z.number(),
      get children() {
        return z.array(Tree);
      },
    });
    const [fast, zod] = both(Tree, { id: 1, x: 0, children: [{ id: 2, children: [{ id: 3, children: [], y: 1 }] }] });
    expect(fast).toBe('{"id":1,"children":[{"id":2,"children":[{"id":3,"children":[]}]}]}');
    expect(fast).toBe(zod);
    const Settings = z.object({ values: z.record(z.string(), z.number()), page: z.number().default(1) });
    expect(both(Settings, { values: { a: 1 }, page: 2 })).toEqual(['{"values":{"a":1},"page":2}', '{"values":{"a":1},"page":2}']);
    expect(() => projector(Settings)({ values: { a: 'x' }, page: 2 })).toThrow();
  });
});
