/**
 * An amount of fen in Chinese capitals as invoices and cheques write it (人民币大写): 壹万贰仟叁佰肆拾伍元陆角柒分.
 * The rules of the 《支付结算办法》: 壹拾 is written out, runs of zeros inside the yuan are one 零, a section
 * (万, 亿) that starts below its thousands takes a 零 after a higher section, an amount that stops at 元 or 角
 * ends with 整 and one that has 分 does not, and 元零伍分 keeps the 零 where 角 is nought. A negative amount (a
 * red-letter invoice) starts with 负.
 */
import type { Fen } from './money.js';

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const PLACES = ['', '拾', '佰', '仟'];
const SECTIONS = ['', '万', '亿'];
/** Yuan up to 9,999,9999,9999 (below 万亿): more than any order. */
const MAX_YUAN = 1_0000_0000_0000;

/** 0-9999 in capitals with its inner zeros (壹仟零壹拾); '' for 0. */
function section(n: number): string {
  let out = '';
  let zero = false;
  for (let place = 3; place >= 0; place--) {
    const digit = Math.floor(n / 10 ** place) % 10;
    if (digit === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[digit] + PLACES[place];
  }
  return out;
}

/** Whole yuan in capitals without 元; '' for 0. */
function yuanWords(yuan: number): string {
  const sections = [yuan % 10_000, Math.floor(yuan / 10_000) % 10_000, Math.floor(yuan / 1_0000_0000)];
  let out = '';
  let gap = false;
  for (let i = sections.length - 1; i >= 0; i--) {
    const value = sections[i];
    if (value === 0) {
      if (out) gap = true;
      continue;
    }
    if (out && (gap || value < 1000)) out += '零';
    gap = false;
    out += section(value) + SECTIONS[i];
  }
  return out;
}

export function amountInWords(fen: Fen): string {
  if (!Number.isSafeInteger(fen)) throw new TypeError(`not an integer amount of fen: ${fen}`);
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100);
  if (yuan >= MAX_YUAN) throw new RangeError(`amount too large for capitals: ${fen}`);
  const jiao = Math.floor(abs / 10) % 10;
  const cents = abs % 10;
  if (abs === 0) return '零元整';
  const whole = yuanWords(yuan);
  let out = fen < 0 ? '负' : '';
  if (whole) out += `${whole}元`;
  if (jiao) out += `${DIGITS[jiao]}角`;
  else if (whole && cents) out += '零';
  out += cents ? `${DIGITS[cents]}分` : '整';
  return out;
}
