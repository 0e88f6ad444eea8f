import { describe, expect, it } from 'vitest';
import { yuanInCapitals } from './labels';

describe('an amount in capitals on the delivery note', () => {
  it('writes yuan, jiao and fen as a Chinese invoice does', () => {
    expect(yuanInCapitals('1234.50')).toBe('壹仟贰佰叁拾肆元伍角整');
    expect(yuanInCapitals('1005.07')).toBe('壹仟零伍元零柒分');
    expect(yuanInCapitals('100000.00')).toBe('壹拾万元整');
    expect(yuanInCapitals('10010.30')).toBe('壹万零壹拾元叁角整');
    expect(yuanInCapitals('0.00')).toBe('零元整');
    expect(yuanInCapitals('0.05')).toBe('伍分');
    expect(yuanInCapitals('25.00')).toBe('贰拾伍元整');
    expect(yuanInCapitals('3000200.00')).toBe('叁佰万零贰佰元整');
  });
});
