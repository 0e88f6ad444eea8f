/** Money is integer fen everywhere; it leaves the server as a string with two decimals. */
export type Fen = number;

/** The most an account's balance (fen) or points may hold: their columns are 32-bit integers. */
export const MOST_HELD = 2 ** 31 - 1;

export function fenToYuan(fen: Fen): string {
  if (!Number.isSafeInteger(fen)) throw new TypeError(`not an integer amount of fen: ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses "12.5" or "12.50" into 1250 fen; anything finer than a fen is rounded down. */
export function yuanToFen(yuan: string | number): Fen {
  const text = typeof yuan === 'number' ? yuan.toFixed(6) : yuan.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new TypeError(`not an amount: ${yuan}`);
  const [, sign, whole, frac = ''] = match;
  const fen = Number(whole) * 100 + Number((frac + '00').slice(0, 2));
  return sign ? -fen : fen;
}

/** A percentage of an amount, rounded down to the fen (spec section 9). */
export function percentOf(fen: Fen, percent: number): Fen {
  return Math.floor((fen * Math.round(percent * 100)) / 10000);
}

/** ¥1,234.50 for display. */
export function formatMoney(fen: Fen): string {
  const [whole, frac] = fenToYuan(fen).split('.');
  return `¥${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}
