/**
 * Putting the goods lists' index together (list-index.ts) from the goods' columns as the database hands them
 * over: the interned texts, each sort order, each order's columns and postings, the approval numbers' text. It
 * is plain computation on arrays, with nothing of the database, so that it runs in a worker thread
 * (list-index-worker.mjs): at 100,000 goods it is some 0.5-1 s of work, which on the server's own thread held
 * up every request in steps of 10-100 ms each time the index was renewed.
 */
import { threadId } from 'node:worker_threads';

/** The bits of `View.flags`. */
export const Flag = { kx: 1, freeShipping: 2, zy: 4, qx: 8, youx: 16, nearExpiry: 32 } as const;

/** The goods' columns, laid out in one order: a pass in that order reads memory straight through. */
export type View = {
  id: Int32Array;
  name: Int32Array;
  sccj: Int32Array;
  cfl: Int32Array;
  /** The generic name when it is not the name, the trade name and the indications: texts, -1 for none. */
  tym: Int32Array;
  spm: Int32Array;
  gnzz: Int32Array;
  category: Int32Array;
  brand: Int32Array;
  price: Int32Array;
  sales: Int32Array;
  stock: Int32Array;
  /** What the zone sells the goods at: its near offer's price (fen) and units if it has one, else its own (decision 037). */
  zonePrice: Int32Array;
  zoneStock: Int32Array;
  /** When it was added, in seconds since 1970. */
  created: Float64Array;
  /** Bits: 1 controlled sale, 2 free shipping, 4 TCM, 8 device, 16 preferred (youx), 32 near expiry. */
  flags: Uint8Array;
};

/** Positions in a view by key (compressed rows): those of key k are `at[start[k]]` to `at[start[k + 1] - 1]`, ascending. */
export type Postings = { start: Int32Array; at: Int32Array };

export type Ordered = View & {
  byCategory: Postings;
  byBrand: Postings;
  byName: Postings;
  bySccj: Postings;
  byCfl: Postings;
  byTym: Postings;
  bySpm: Postings;
  byGnzz: Postings;
  /** The positions of the goods with each flag: key k for the flag 1 << k. */
  byFlag: Postings;
  /** The position in this order of each goods, by its place in the approval numbers' text (`numberIds`). */
  positionOf: Int32Array;
};

/** What the worker hands back: every array of the index, and its interned texts as one text. */
export type IndexParts = {
  size: number;
  /** The thread that put it together (`threadId`; 0 is the server's own). */
  thread: number;
  /** The interned texts in the order of their ids, joined by TEXT_SEPARATOR. */
  texts: string;
  views: Record<'salesDesc' | 'salesAsc' | 'priceAsc' | 'priceDesc' | 'newest', Ordered>;
  /** The zone's goods by its price, both ways, then by sales and id as the database orders: positions in `salesDesc`. */
  zoneAsc: Int32Array;
  zoneDesc: Int32Array;
  numbers: string;
  numberStarts: Int32Array;
  numberIds: Int32Array;
};

/** Between interned texts: a character no name, manufacturer or prescription class holds. */
export const TEXT_SEPARATOR = '\u0000';

/** One statement's goods: a JSON array per column, as text (parsed here, not on the server's thread). */
export type ColumnTexts = Record<keyof Columns, string>;

/**
 * The goods with near batches among a statement's, in id order, with their near offer's price and units (null, null
 * while every near unit is held): a few in a hundred goods, so only they are named (near-offers.ts).
 */
type ZoneEntry = [id: number, price: number | null, units: number | null];

/** One statement's goods, an array per column. */
type Columns = {
  id: number[];
  name: string[];
  sccj: string[];
  cfl: string[];
  tym: string[];
  spm: string[];
  gnzz: string[];
  category: number[];
  brand: number[];
  price: number[];
  sales: number[];
  stock: number[];
  zone: ZoneEntry[];
  created: number[];
  flags: number[];
  pzwh: string[];
};

const COLUMNS: (keyof Columns)[] = [
  'id',
  'name',
  'sccj',
  'cfl',
  'tym',
  'spm',
  'gnzz',
  'category',
  'brand',
  'price',
  'sales',
  'stock',
  'zone',
  'created',
  'flags',
  'pzwh',
];

function parsed(texts: ColumnTexts): Columns {
  return Object.fromEntries(COLUMNS.map((key) => [key, JSON.parse(texts[key]) as unknown])) as Columns;
}

/**
 * The goods' columns gathered from the parts read (each in id order, one after the other): the base every order
 * is laid out from, kept by the worker so that a renewal that reads only sales and stock can reuse the rest.
 */
type Gathered = { base: View; pzwh: string[]; texts: string[] };

/**
 * The parts' columns in one view, in id order, with their texts interned.
 * @public used by list-index-worker.mjs, which loads this module at run time
 */
export function gather(chunks: ColumnTexts[]): Gathered {
  const text = new Map<string, number>();
  const intern = (s: string) => text.get(s) ?? (text.set(s, text.size), text.size - 1);
  // A blank generic name, trade name or indication is no text: no keyword finds it.
  const internSome = (s: string) => (s === '' ? -1 : intern(s));
  const parts: View[] = [];
  const pzwh: string[] = [];
  for (const chunk of chunks) {
    const part = parsed(chunk);
    const view = emptyView(part.id.length);
    for (let j = 0; j < part.id.length; j++) {
      view.id[j] = part.id[j];
      view.name[j] = intern(part.name[j]);
      view.sccj[j] = intern(part.sccj[j]);
      view.cfl[j] = intern(part.cfl[j]);
      view.tym[j] = internSome(part.tym[j]);
      view.spm[j] = internSome(part.spm[j]);
      view.gnzz[j] = internSome(part.gnzz[j]);
      view.category[j] = part.category[j];
      view.brand[j] = part.brand[j];
      view.price[j] = part.price[j];
      view.sales[j] = part.sales[j];
      view.stock[j] = part.stock[j];
      view.zonePrice[j] = part.price[j];
      view.zoneStock[j] = part.stock[j];
      view.created[j] = part.created[j];
      view.flags[j] = part.flags[j];
      pzwh.push(part.pzwh[j].toUpperCase());
    }
    withZone(view, part.zone);
    parts.push(view);
  }
  const base = emptyView(pzwh.length);
  for (const key of Object.keys(base) as (keyof View)[]) {
    let at = 0;
    for (const p of parts) {
      (base[key] as Int32Array).set(p[key] as Int32Array, at);
      at += p.id.length;
    }
  }
  return { base, pzwh, texts: [...text.keys()] };
}

/**
 * The near offers (`entries`) marked in `view` (both in id order): a goods with one is in the zone at its price and
 * units, one whose near units are all held is not; the rest keep their flag and the zone's columns as they are.
 */
function withZone(view: Pick<View, 'id' | 'flags' | 'zonePrice' | 'zoneStock'>, entries: ZoneEntry[]) {
  let at = 0;
  for (const [id, price, units] of entries) {
    while (at < view.id.length && view.id[at] < id) at++;
    if (at >= view.id.length || view.id[at] !== id) continue;
    const offered = units !== null && price !== null;
    view.flags[at] = offered ? view.flags[at] | Flag.nearExpiry : view.flags[at] & ~Flag.nearExpiry;
    if (!offered) continue;
    view.zonePrice[at] = price;
    view.zoneStock[at] = units;
  }
}

/** The sales and stock of the goods on sale, a JSON array per column as text, in id order. */
export type VolatileTexts = { id: string; sales: string; stock: string };

/**
 * `gathered` with the sales and stock read since and the near offers (JSON texts of `ZoneEntry`) of the goods that
 * had near batches (orders take near units too), and whether any sales moved (else the orders stay as they were),
 * or null when the goods on sale are no longer the same (one added, taken off sale): then only a whole reading will do.
 * @public used by list-index-worker.mjs, which loads this module at run time
 */
export function withVolatile(gathered: Gathered, chunks: VolatileTexts[], offers: string[]): { gathered: Gathered; salesMoved: boolean } | null {
  const { base } = gathered;
  const sales = new Int32Array(base.id.length);
  const stock = new Int32Array(base.id.length);
  let salesMoved = false;
  let at = 0;
  for (const chunk of chunks) {
    const ids = JSON.parse(chunk.id) as number[];
    const s = JSON.parse(chunk.sales) as number[];
    const n = JSON.parse(chunk.stock) as number[];
    for (let j = 0; j < ids.length; j++, at++) {
      if (at >= base.id.length || base.id[at] !== ids[j]) return null;
      sales[at] = s[j];
      stock[at] = n[j];
      if (sales[at] !== base.sales[at]) salesMoved = true;
    }
  }
  if (at !== base.id.length) return null;
  const zoned = { id: base.id, flags: Uint8Array.from(base.flags), zonePrice: Int32Array.from(base.price), zoneStock: Int32Array.from(stock) };
  const entries = offers.flatMap((text) => JSON.parse(text) as ZoneEntry[]);
  withZone(zoned, entries);
  return { gathered: { ...gathered, base: { ...base, sales, stock, ...zoned } }, salesMoved };
}

/** The index of the goods read in `chunks` (each in id order, one after the other). */
export function composeIndex(chunks: ColumnTexts[]): IndexParts {
  return layout(gather(chunks));
}

/**
 * Every order of the gathered goods with its columns and postings, and the approval numbers' text; `kept`, the
 * orders of a layout whose sales, prices and dates were the same (a renewal where only the stock moved).
 * @public used by list-index-worker.mjs, which loads this module at run time
 */
export function layout({ base, pzwh, texts }: Gathered, kept?: Orders): IndexParts {
  const size = pzwh.length;
  const keys = { category: 0, brand: 0, text: texts.length };
  for (let i = 0; i < size; i++) {
    keys.category = Math.max(keys.category, base.category[i] + 1);
    keys.brand = Math.max(keys.brand, base.brand[i] + 1);
  }
  const viewIn = (order: Int32Array): Ordered => {
    const view = permuted(base, order);
    const positionOf = new Int32Array(size);
    for (let k = 0; k < size; k++) positionOf[order[k]] = k;
    return {
      positionOf,
      ...view,
      byCategory: postings(view.category, keys.category),
      byBrand: postings(view.brand, keys.brand),
      byName: postings(view.name, keys.text),
      bySccj: postings(view.sccj, keys.text),
      byCfl: postings(view.cfl, keys.text),
      byTym: postings(view.tym, keys.text),
      bySpm: postings(view.spm, keys.text),
      byGnzz: postings(view.gnzz, keys.text),
      byFlag: flagPostings(view.flags),
    };
  };
  const numberStarts = new Int32Array(size + 1);
  let at = 0;
  pzwh.forEach((n, i) => {
    numberStarts[i] = at;
    at += n.length + 1;
  });
  numberStarts[size] = at;
  const orders = kept ?? ordersOf(base);
  const salesDesc = viewIn(orders.salesDesc);
  return {
    size,
    thread: threadId,
    texts: texts.join(TEXT_SEPARATOR),
    numbers: pzwh.join('\n'),
    numberStarts,
    numberIds: Int32Array.from(base.id),
    views: {
      salesDesc,
      salesAsc: viewIn(orders.salesAsc),
      priceAsc: viewIn(orders.priceAsc),
      priceDesc: viewIn(orders.priceDesc),
      newest: viewIn(orders.newest),
    },
    ...zoneOrders(salesDesc),
  };
}

/**
 * The zone's goods by the zone's price both ways, those alike in it in the order of `bySales`: positions there. Laid
 * out with every renewal, since orders move the zone's prices and goods; the zone is a few in a hundred goods.
 */
function zoneOrders(bySales: Ordered): { zoneAsc: Int32Array; zoneDesc: Int32Array } {
  const k = 31 - Math.clz32(Flag.nearExpiry);
  const { start, at } = bySales.byFlag;
  const zone = at.slice(start[k], start[k + 1]);
  const price = ranks(Float64Array.from(zone, (i) => bySales.zonePrice[i]));
  const inZone = Int32Array.from({ length: zone.length }, (_, j) => j);
  const positions = (order: Int32Array) => order.map((j) => zone[j]);
  return { zoneAsc: positions(ordered(price, inZone)), zoneDesc: positions(ordered(descending(price), inZone)) };
}

/** Each sort order as the positions of the goods in id order. */
type Orders = Record<keyof IndexParts['views'], Int32Array>;

/**
 * The sort orders of the goods: by sales both ways, by price both ways and newest, each then by sales and id,
 * as the database orders. Each is a few native sorts of 100,000 numbers: the costliest part of a layout.
 * @public used by list-index-worker.mjs, which loads this module at run time
 */
export function ordersOf(base: View): Orders {
  // Goods are read in id order, so a position is the id's rank: the last tie-break of every order.
  const byId = Int32Array.from({ length: base.id.length }, (_, i) => i);
  const sales = ranks(base.sales);
  const price = ranks(base.price);
  const created = ranks(base.created);
  const salesDesc = ordered(descending(sales), byId);
  return {
    salesDesc,
    salesAsc: ordered(sales, byId),
    priceAsc: ordered(price, salesDesc),
    priceDesc: ordered(descending(price), salesDesc),
    newest: ordered(descending(created), salesDesc),
  };
}

/**
 * The memory of every array of `parts`, each once: handed over to the other thread rather than copied.
 * @public used by list-index-worker.mjs, which loads this module at run time
 */
export function buffersOf(parts: IndexParts): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const add = (a: ArrayBufferView) => buffers.add(a.buffer as ArrayBuffer);
  add(parts.numberStarts);
  add(parts.numberIds);
  add(parts.zoneAsc);
  add(parts.zoneDesc);
  for (const view of Object.values(parts.views))
    for (const value of Object.values(view) as (ArrayBufferView | Postings)[]) {
      if (ArrayBuffer.isView(value)) add(value);
      else {
        add(value.start);
        add(value.at);
      }
    }
  return [...buffers];
}

/**
 * Each value's place among the distinct values, from 0 (equal values share a place). Sorting numbers with no
 * comparator is native; sorting 100,000 positions with a comparator of three keys took some 80 ms per order.
 */
function ranks(values: Int32Array | Float64Array): Int32Array {
  const sorted = Float64Array.from(values).sort();
  let distinct = 0;
  for (let k = 0; k < sorted.length; k++) if (k === 0 || sorted[k] !== sorted[distinct - 1]) sorted[distinct++] = sorted[k];
  const out = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    let lo = 0;
    let hi = distinct - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < values[i]) lo = mid + 1;
      else hi = mid;
    }
    out[i] = lo;
  }
  return out;
}

/** Places counted from the other end: the largest value first. */
function descending(rank: Int32Array): Int32Array {
  let most = 0;
  for (const r of rank) most = Math.max(most, r);
  return rank.map((r) => most - r);
}

/**
 * The positions ordered by `rank` (smallest first), those of equal rank in the order `tie` gives them: one
 * native sort of `rank × 2^bits + place in tie`, each below 2^53.
 */
function ordered(rank: Int32Array, tie: Int32Array): Int32Array {
  const scale = 2 ** Math.max(1, Math.ceil(Math.log2(tie.length + 1)));
  const keys = new Float64Array(tie.length);
  for (let k = 0; k < tie.length; k++) keys[k] = rank[tie[k]] * scale + k;
  keys.sort();
  const order = new Int32Array(tie.length);
  for (let k = 0; k < tie.length; k++) order[k] = tie[keys[k] % scale];
  return order;
}

function emptyView(size: number): View {
  return {
    id: new Int32Array(size),
    name: new Int32Array(size),
    sccj: new Int32Array(size),
    cfl: new Int32Array(size),
    tym: new Int32Array(size),
    spm: new Int32Array(size),
    gnzz: new Int32Array(size),
    category: new Int32Array(size),
    brand: new Int32Array(size),
    price: new Int32Array(size),
    sales: new Int32Array(size),
    stock: new Int32Array(size),
    zonePrice: new Int32Array(size),
    zoneStock: new Int32Array(size),
    created: new Float64Array(size),
    flags: new Uint8Array(size),
  };
}

/** The positions of each key in `column` (keys below `keys`; a negative key, such as no brand, is left out). */
function postings(column: Int32Array, keys: number): Postings {
  const start = new Int32Array(keys + 1);
  for (let i = 0; i < column.length; i++) if (column[i] >= 0) start[column[i] + 1]++;
  for (let k = 0; k < keys; k++) start[k + 1] += start[k];
  const next = start.slice(0, keys);
  const at = new Int32Array(start[keys]);
  for (let i = 0; i < column.length; i++) if (column[i] >= 0) at[next[column[i]]++] = i;
  return { start, at };
}

/** The positions of the goods with each of the six flags (a goods is under every flag it has). */
function flagPostings(flags: Uint8Array): Postings {
  const keys = 6;
  const start = new Int32Array(keys + 1);
  for (let i = 0; i < flags.length; i++) for (let k = 0; k < keys; k++) if (flags[i] & (1 << k)) start[k + 1]++;
  for (let k = 0; k < keys; k++) start[k + 1] += start[k];
  const next = start.slice(0, keys);
  const at = new Int32Array(start[keys]);
  for (let i = 0; i < flags.length; i++) for (let k = 0; k < keys; k++) if (flags[i] & (1 << k)) at[next[k]++] = i;
  return { start, at };
}

/** The columns of `base` rearranged in `order`. */
function permuted(base: View, order: Int32Array): View {
  const view = emptyView(order.length);
  for (const key of Object.keys(view) as (keyof View)[]) {
    const from = base[key];
    const to = view[key];
    for (let k = 0; k < order.length; k++) to[k] = from[order[k]];
  }
  return view;
}
