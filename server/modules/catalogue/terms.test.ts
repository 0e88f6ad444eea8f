/** Ranking of search terms: exact name, then prefix, then pinyin or initials prefix, then anywhere. */
import { describe, expect, it } from 'vitest';
import { pinyinOf } from './pinyin.js';
import { rankTerms, type Term } from './terms.js';

const term = (name: string, sales: number, kind: 1 | 2 = 1): Term => {
  const p = pinyinOf(name);
  return { kind, term: name, lower: name.toLowerCase(), py: p.full, szm: p.initials, sales };
};

const TERMS = [
  term('复方阿莫西林颗粒', 900),
  term('阿莫西林胶囊', 500),
  term('阿莫西林', 10),
  term('阿莫西林克拉维酸钾片', 800),
  term('维生素C片', 300),
  term('布洛芬缓释胶囊', 700),
  term('华北制药股份有限公司', 1000, 2),
];

describe('rankTerms', () => {
  it('ranks the exact name, then names starting with the keyword by sales, then names containing it', () => {
    expect(rankTerms(TERMS, '阿莫西林', 1)).toEqual([
      { term: '阿莫西林', rank: 0 },
      { term: '阿莫西林克拉维酸钾片', rank: 1 },
      { term: '阿莫西林胶囊', rank: 1 },
      { term: '复方阿莫西林颗粒', rank: 3 },
    ]);
  });

  it('matches initials and full pinyin at the start before anywhere, case-insensitively', () => {
    expect(rankTerms(TERMS, 'AMXL', 1).map((t) => t.term)).toEqual(['阿莫西林克拉维酸钾片', '阿莫西林胶囊', '阿莫西林', '复方阿莫西林颗粒']);
    expect(rankTerms(TERMS, 'buluofen', 1)).toEqual([{ term: '布洛芬缓释胶囊', rank: 2 }]);
    expect(rankTerms(TERMS, '维生素c', 1)).toEqual([{ term: '维生素C片', rank: 1 }]);
  });

  it('keeps drug names and manufacturers apart and finds nothing for an empty keyword', () => {
    expect(rankTerms(TERMS, 'hbzy', 2)).toEqual([{ term: '华北制药股份有限公司', rank: 2 }]);
    expect(rankTerms(TERMS, 'hbzy', 1)).toEqual([]);
    expect(rankTerms(TERMS, '   ', 1)).toEqual([]);
  });
});
