/**
 * Pinyin columns of goods, computed when goods are written so that search never converts at query time:
 * full pinyin (`amoxilinjiaonang`) and initials (`amxljn`), lower case, letters and digits only.
 */
import { pinyin } from 'pinyin-pro';

const cache = new Map<string, { full: string; initials: string }>();

const clean = (parts: string[]) =>
  parts
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

export function pinyinOf(text: string): { full: string; initials: string } {
  let hit = cache.get(text);
  if (!hit) {
    hit = {
      full: clean(pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive' })),
      initials: clean(pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' })),
    };
    if (cache.size < 50_000) cache.set(text, hit);
  }
  return hit;
}
