import { describe, expect, it } from 'vitest';
import { fetchAllRows, toCsv } from './csv';
import { onePage, type ListPage } from './list';

const pages =
  (total: number, perPage: number) =>
  (page: number): Promise<ListPage<{ n: number }>> => {
    const from = (page - 1) * perPage;
    const data = Array.from({ length: Math.max(0, Math.min(perPage, total - from)) }, (_, i) => ({ n: from + i + 1 }));
    return Promise.resolve({ current_page: page, data, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total });
  };

describe('exporting a console list', () => {
  it('fetches every page of the list in order', async () => {
    const { rows, total, capped } = await fetchAllRows(pages(45, 20));
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    expect({ total, capped }).toEqual({ total: 45, capped: false });
  });

  it('stops at the cap and says the list was longer', async () => {
    const { rows, total, capped } = await fetchAllRows(pages(130, 20), 50);
    expect(rows).toHaveLength(50);
    expect({ total, capped }).toEqual({ total: 130, capped: true });
  });

  it('answers a list of one page as it is', async () => {
    const { rows } = await fetchAllRows(() => Promise.resolve(onePage([{ n: 1 }, { n: 2 }])));
    expect(rows).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('writes Chinese text after a byte-order mark so Excel reads it, and defuses formulas', async () => {
    const text = await toCsv(
      [
        { title: '姓名', value: (r: { name: string; note: string }) => r.name },
        { title: '备注', value: (r) => r.note },
      ],
      [
        { name: '孙小梅', note: '=HYPERLINK("http://x")' },
        { name: '王强, 质管', note: '' },
      ],
    );
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [head, first, second] = text.slice(1).split('\r\n');
    expect(head).toBe('姓名,备注');
    expect(first.startsWith('孙小梅,"\'=HYPERLINK')).toBe(true);
    expect(second).toBe('"王强, 质管",');
  });

  it('writes a barcode as a code cell Excel shows whole, and still defuses a formula in any other cell', async () => {
    const text = await toCsv(
      [
        { title: '条形码', value: (r: { tm: string; note: string }) => r.tm, code: true },
        { title: '备注', value: (r) => r.note },
      ],
      [
        { tm: '6929014926240', note: '=1+2' },
        { tm: '0012345678905', note: '' },
        { tm: '', note: '' },
        { tm: '=cmd|x', note: '' },
      ],
    );
    const [, first, second, third, fourth] = text.slice(1).split('\r\n');
    expect(first).toBe(`"=""6929014926240""","'=1+2"`);
    expect(second).toBe('"=""0012345678905""",');
    expect(third).toBe(',');
    expect(fourth).toBe(`"'=cmd|x",`);
  });
});
