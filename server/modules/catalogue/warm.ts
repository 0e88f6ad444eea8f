/** Readying the catalogue before the server listens: the list index, the search terms and the first requests. */
import type { Db } from '../../db/client.js';
import { NEAR_EXPIRY_DAYS } from './goods.js';
import { goodsIndex } from './list-index.js';
import { catalogueTree } from './taxonomy.js';
import { loadTerms } from './terms.js';

/**
 * Works out the list index and the search terms before the first buyer asks, so that the first lists after a
 * start do not wait for them (about a second at 100,000 goods).
 */
export async function warmCatalogue(db: Db) {
  await Promise.all([goodsIndex(db, NEAR_EXPIRY_DAYS), loadTerms(db)]);
}

/**
 * Catalogue requests of every kind buyers send first after a start, for the server to answer once before it
 * listens (main.ts): lists by category, zone, prescription class, brand, stock and price in every sort, keyword
 * lists and suggestions of the search terms, details of goods across the catalogue. Each code path is then
 * compiled and each statement prepared before the first buyer arrives; the answers themselves are dropped.
 */
export async function warmPaths(db: Db, count = 1_500): Promise<string[]> {
  const [{ cats, brands: brandMap }, terms, index] = await Promise.all([catalogueTree(db), loadTerms(db), goodsIndex(db, NEAR_EXPIRY_DAYS)]);
  // A fixed sequence (a linear congruential generator), so that every start warms the same way.
  let seed = 17;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const categoryIds = cats.map((c) => c.id);
  const brandIds = [...brandMap.keys()];
  const words = terms.filter((t) => t.kind === 1).map((t) => t.term);
  const makers = terms.filter((t) => t.kind === 2).map((t) => t.term);
  const sorts = ['default', 'sales&order=desc', 'sales&order=asc', 'price&order=asc', 'price&order=desc', 'newest'];
  const q = encodeURIComponent;
  const paths: string[] = [];
  for (let n = 0; n < count; n++) {
    const r = rnd();
    if (r < 0.25 && words.length) {
      const word = pick(words);
      paths.push(`/api/goods/search?keywords=${q(word.slice(0, 1 + Math.floor(rnd() * word.length)))}&type=1`);
    } else if (r < 0.3 && makers.length) paths.push(`/api/goods/search?keywords=${q(pick(makers).slice(0, 2))}&type=2`);
    else if (r < 0.5 && words.length)
      paths.push(`/api/goods/list?keywords=${q(pick(words).slice(0, 2))}&type=1&sort=${pick(sorts)}&page=${1 + Math.floor(rnd() * 3)}`);
    else if (r < 0.7 && index.size) paths.push(`/api/goods/detail/${index.numberIds[Math.floor(rnd() * index.size)]}`);
    else {
      const params = [`sort=${pick(sorts)}`, `page=${1 + Math.floor(rnd() * 5)}`];
      if (rnd() < 0.5 && categoryIds.length) params.push(`category=${pick(categoryIds)}`);
      if (rnd() < 0.2) params.push(`zone=${pick(['yx', 'zy', 'qx', 'jxq', 'youx'])}`);
      if (rnd() < 0.15) params.push(`cfl=${q(pick(['处方药', '甲类OTC', '乙类OTC', '器械', '中药饮片', '保健食品']))}`);
      if (rnd() < 0.15 && brandIds.length) params.push(`brand=${pick(brandIds)}`);
      if (rnd() < 0.2) params.push('in_stock=1');
      if (rnd() < 0.1) params.push(`price_min=${Math.floor(rnd() * 50)}.00&price_max=${60 + Math.floor(rnd() * 100)}.00`);
      paths.push(`/api/goods/list?${params.join('&')}`);
    }
  }
  return paths;
}
