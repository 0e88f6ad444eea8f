/** Amounts in Chinese capitals as an invoice prints them beside the figures. */
import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-words.js';
import { yuanToFen } from './money.js';

const words = (yuan: string) => amountInWords(yuanToFen(yuan));

describe('amounts in Chinese capitals', () => {
  it('writes whole yuan with 整', () => {
    expect(words('12000')).toBe('壹万贰仟元整');
    expect(words('1')).toBe('壹元整');
    expect(words('10')).toBe('壹拾元整');
    expect(words('15')).toBe('壹拾伍元整');
    expect(words('100000')).toBe('壹拾万元整');
    expect(words('100000000')).toBe('壹亿元整');
    expect(words('12345.67')).toBe('壹万贰仟叁佰肆拾伍元陆角柒分');
  });

  it('writes one 零 for a run of zeros inside the yuan and none at its end', () => {
    expect(words('1409.50')).toBe('壹仟肆佰零玖元伍角整');
    expect(words('6007.14')).toBe('陆仟零柒元壹角肆分');
    expect(words('1010')).toBe('壹仟零壹拾元整');
    expect(words('1001')).toBe('壹仟零壹元整');
    expect(words('1100')).toBe('壹仟壹佰元整');
    expect(words('325000.10')).toBe('叁拾贰万伍仟元壹角整');
  });

  it('puts 零 where a section starts below its thousands or a whole section is nought', () => {
    expect(words('100100')).toBe('壹拾万零壹佰元整');
    expect(words('1000001')).toBe('壹佰万零壹元整');
    expect(words('10000100')).toBe('壹仟万零壹佰元整');
    expect(words('100000001')).toBe('壹亿零壹元整');
    expect(words('100010000')).toBe('壹亿零壹万元整');
    expect(words('120000000')).toBe('壹亿贰仟万元整');
    expect(words('107000.53')).toBe('壹拾万柒仟元伍角叁分');
    expect(words('1680.32')).toBe('壹仟陆佰捌拾元叁角贰分');
  });

  it('writes 角 and 分: 整 after 角, 零 where 角 is nought between 元 and 分, and no 元 below one yuan', () => {
    expect(words('0.50')).toBe('伍角整');
    expect(words('0.05')).toBe('伍分');
    expect(words('0.15')).toBe('壹角伍分');
    expect(words('1.05')).toBe('壹元零伍分');
    expect(words('20.60')).toBe('贰拾元陆角整');
    expect(words('0')).toBe('零元整');
  });

  it('starts a negative amount (a red-letter invoice) with 负', () => {
    expect(amountInWords(-1_234_567)).toBe('负壹万贰仟叁佰肆拾伍元陆角柒分');
    expect(amountInWords(-5)).toBe('负伍分');
    expect(amountInWords(-10000)).toBe('负壹佰元整');
  });

  it('refuses what is not a whole number of fen, and amounts of 万亿 yuan or more', () => {
    expect(() => amountInWords(1.5)).toThrow(TypeError);
    expect(() => amountInWords(1_0000_0000_0000_00)).toThrow(RangeError);
    expect(amountInWords(9999_9999_9999_99)).toBe('玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分');
  });
});
