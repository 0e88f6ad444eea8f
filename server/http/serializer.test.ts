/** Answers go out through their route's response schema; a field the schema does not declare is caught. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer, undeclared } from './serializer.js';

const schema = z.object({ id: z.number(), lines: z.array(z.object({ name: z.string() })) });
const serializerOf = (strict: boolean) =>
  responseSerializer(strict)({ schema, method: 'GET', url: '/api/x', httpStatus: '200' } as never) as (data: unknown) => string;

describe('response serializer', () => {
  it('writes what the schema declares', () => {
    expect(serializerOf(true)({ id: 1, lines: [{ name: '阿莫西林胶囊' }] })).toBe('{"id":1,"lines":[{"name":"阿莫西林胶囊"}]}');
  });

  it('names the fields a service returned that the schema does not declare, nested ones too', () => {
    expect(undeclared({ id: 1, secret: 'x', lines: [{ name: 'a', cost: 3 }] }, schema.parse({ id: 1, secret: 'x', lines: [{ name: 'a', cost: 3 }] }))).toEqual([
      'secret',
      'lines[0].cost',
    ]);
    expect(() => serializerOf(true)({ id: 1, lines: [], secret: 'x' })).toThrow(/does not declare: secret/);
  });

  it('drops undeclared fields silently in production, and refuses data of the wrong shape always', () => {
    expect(serializerOf(false)({ id: 1, lines: [], secret: 'x' })).toBe('{"id":1,"lines":[]}');
    expect(() => serializerOf(false)({ id: '1', lines: [] })).toThrow();
  });
});
