/**
 * How a purchase list's cells are compared with goods (docs/decisions/045-purchase-lists.md): approval numbers,
 * barcodes, names, specs and manufacturers each written one way, whatever the ERP or the hand that wrote them.
 */

/** Full-width letters, digits and signs (ＡＢＣ１２３＊) as their half-width forms, the ideographic space as a space. */
export function halfWidth(s: string): string {
  return s.replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}

/**
 * An approval number as the catalogue writes it: 国药准字 H20010001, 国药准字h 2001-0001 and H20010001 are all
 * 国药准字H20010001; other numbers (械注准, 国食健注) upper case without spaces.
 */
export function normApproval(s: string): string {
  const t = halfWidth(s)
    .toUpperCase()
    .replace(/[\s\-_·.。:：()（）]/g, '');
  const drug = /^(?:国药准字)?([HZSJBTFY])(\d{8})$/.exec(t);
  return drug ? `国药准字${drug[1]}${drug[2]}` : t;
}

/** Whether a cell looks like an approval number (for a column without a header). */
export const looksLikeApproval = (s: string) => /^(国药准字|国食健|国械注|[苏浙粤京沪鲁]械)/.test(normApproval(s)) || /^[HZSJ]\d{8}$/.test(normApproval(s));

/** A barcode as digits only (6 901234 567892 → 6901234567892); '' when it cannot be one (8 to 14 digits). */
export function normBarcode(s: string): string {
  const digits = halfWidth(s).replace(/[\s-]/g, '');
  return /^\d{8,14}$/.test(digits) ? digits : '';
}

/** A goods code of the site (its goods id), or null. */
export function normCode(s: string): number | null {
  const t = halfWidth(s).trim();
  if (!/^\d{1,9}$/.test(t)) return null;
  const n = Number(t);
  return n > 0 ? n : null;
}

const BRACKETS = /[(（[【].*?[)）\]】]/g;

/** What a name cell says besides its brackets: 阿莫西林胶囊(阿莫仙) → 阿莫西林胶囊 and the alias 阿莫仙. */
export function nameParts(s: string): { name: string; aliases: string[] } {
  const t = halfWidth(s).trim();
  const aliases = [...t.matchAll(/[(（[【](.*?)[)）\]】]/g)].map((m) => normName(m[1])).filter((a) => a.length >= 2);
  return { name: normName(t.replace(BRACKETS, '')), aliases };
}

/** A drug name without spaces, signs and letter case: '阿莫西林 胶囊' → 阿莫西林胶囊. */
export function normName(s: string): string {
  return halfWidth(s)
    .toLowerCase()
    .replace(/[\s·•.,，、"'“”‘’*＊\-_/\\]/g, '');
}

/** Words of a company's name that say what kind of company it is, not which: stripped from its end, longest first. */
const MAKER_TAILS = [
  '股份有限公司',
  '有限责任公司',
  '集团有限公司',
  '有限公司',
  '总公司',
  '公司',
  '集团',
  '股份',
  '制药总厂',
  '制药厂',
  '药厂',
  '总厂',
  '分厂',
  '厂',
  '制药',
  '药业',
  '医药',
  '生物科技',
  '科技',
  '生物',
  '医疗用品',
  '医疗设备',
  '医疗',
  '健康',
  '保健品',
  '中药饮片',
  '饮片',
  '实业',
];

/**
 * A manufacturer's core name: 修正药业集团股份有限公司 → 修正, 华北制药股份有限公司 → 华北, 哈药集团制药总厂 → 哈药; the region
 * in brackets dropped. A list's short name (修正, 修正药业) then compares with the catalogue's full one.
 */
export function normMaker(s: string): string {
  let t = normName(halfWidth(s).replace(BRACKETS, ''));
  for (let changed = true; changed;) {
    changed = false;
    for (const tail of MAKER_TAILS) {
      if (t.length > tail.length + 1 && t.endsWith(tail)) {
        t = t.slice(0, -tail.length);
        changed = true;
        break;
      }
    }
  }
  return t;
}

/** How close two manufacturers are, 0 to 1: one core name holding the other counts as the same maker. */
export function makerScore(listed: string, goodsMaker: string): number {
  const a = normMaker(listed);
  const b = normMaker(goodsMaker);
  if (!a || !b) return 0;
  if (a === b) return 1;
  if (b.includes(a) || a.includes(b)) return Math.min(a.length, b.length) >= 2 ? 0.9 : 0.5;
  return bigramSimilarity(a, b);
}

/** Dice similarity of two strings' character pairs (single characters for strings of one). */
export function bigramSimilarity(a: string, b: string): number {
  if (!a || !b) return 0;
  if (a === b) return 1;
  const pairs = (s: string) => (s.length < 2 ? [s] : Array.from({ length: s.length - 1 }, (_, i) => s.slice(i, i + 2)));
  const pa = pairs(a);
  const pb = pairs(b);
  const counts = new Map<string, number>();
  for (const p of pa) counts.set(p, (counts.get(p) ?? 0) + 1);
  let shared = 0;
  for (const p of pb) {
    const n = counts.get(p) ?? 0;
    if (n > 0) {
      shared++;
      counts.set(p, n - 1);
    }
  }
  return (2 * shared) / (pa.length + pb.length);
}

/** Units of a spec: mass and volume to mg and ml, international units, and the words that count pieces. */
const MASS: Record<string, number> = { kg: 1e6, g: 1000, mg: 1, μg: 0.001, ug: 0.001, mcg: 0.001, 克: 1000, 毫克: 1, 微克: 0.001, 千克: 1e6 };
const VOLUME: Record<string, number> = { l: 1000, ml: 1, 升: 1000, 毫升: 1 };
const COUNT = /^(粒|片|袋|支|丸|贴|包|瓶|板|盒|枚|揿|喷|s|t|c|pcs|只|条|个|块|张|付|剂|小袋|袋装|盒装|瓶装|粒装|片装)$/;
const TOKEN =
  /(\d+(?:\.\d+)?)\s*(万单位|万iu|单位|iu|u|%|kg|mg|μg|ug|mcg|g|ml|l|克|毫克|微克|千克|升|毫升|小袋|粒|片|袋|支|丸|贴|包|瓶|板|盒|枚|揿|喷|pcs|s|t|c|只|条|个|块|张|付|剂)?/g;

/**
 * A spec as a comparable key: the doses (mass, volume, units, percent) sorted, and the pieces multiplied out.
 * 0.25g*24粒, 0.25g×24s, 250mg*12粒*2板 and 24粒:0.25g are all `250mg|24`; '' when nothing could be read.
 */
export function specKey(s: string): string {
  const t = halfWidth(s).toLowerCase().replace(/，/g, ',');
  const doses: string[] = [];
  let pieces = 1;
  let read = false;
  for (const m of t.matchAll(TOKEN)) {
    const value = Number(m[1]);
    const unit = m[2] ?? '';
    read = true;
    if (unit in MASS) doses.push(`${round(value * MASS[unit])}mg`);
    else if (unit in VOLUME) doses.push(`${round(value * VOLUME[unit])}ml`);
    else if (unit === '万单位' || unit === '万iu') doses.push(`${round(value * 10_000)}iu`);
    else if (unit === 'iu' || unit === 'u' || unit === '单位') doses.push(`${round(value)}iu`);
    else if (unit === '%') doses.push(`${round(value)}%`);
    else if (COUNT.test(unit) || unit === '') pieces *= value;
  }
  if (!read) return normName(t);
  return `${doses.sort().join('+')}|${round(pieces)}`;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * How well a list's spec fits the goods' spec: 1 the same, 0.6 the same doses in another pack size, 0.3 only the
 * pack size, 0 otherwise; null when the list gives no spec (nothing to compare).
 */
export function specScore(listed: string, goodsSpec: string): number | null {
  if (!listed.trim()) return null;
  const a = specKey(listed);
  const b = specKey(goodsSpec);
  if (a === b) return 1;
  const [da, pa] = a.split('|');
  const [db, pb] = b.split('|');
  if (pa === undefined || pb === undefined) return bigramSimilarity(a, b) >= 0.8 ? 0.6 : 0;
  if (da === db && da !== '') return 0.6;
  if (pa === pb && (da === '' || db === '')) return 0.5;
  if (pa === pb) return 0.3;
  return 0;
}

/** A whole positive quantity from a cell (12, 12.0, 12盒, １２), or null. */
export function parseQuantity(s: string): number | null {
  const t = halfWidth(s).trim().replace(/,/g, '');
  const m = /^(\d+(?:\.0+)?)\s*[\u4e00-\u9fa5a-z]{0,3}$/i.exec(t);
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isInteger(n) && n > 0 && n <= 999_999 ? n : null;
}

/** The fields of a line the key is made of, as the list gave them. */
export type KeyFields = { name: string; spec: string; maker: string; approval: string; barcode: string; code: string };

/**
 * A line's key: its codes, name, spec and maker normalised (200 characters at most). The same line in a later
 * list, however it is spaced or cased, has the same key, and the buyer's choice for it is found again.
 */
export function lineKey(f: KeyFields): string {
  const parts = [
    normApproval(f.approval),
    normBarcode(f.barcode),
    String(normCode(f.code) ?? ''),
    nameParts(f.name).name,
    f.spec.trim() ? specKey(f.spec) : '',
    normMaker(f.maker),
  ];
  return parts.join('~').slice(0, 200);
}
