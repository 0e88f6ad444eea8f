import { describe, expect, it } from 'vitest';
import { durationText, periodText } from './format';

describe('a job as the jobs page writes it', () => {
  it('says how often it runs in the largest whole unit', () => {
    expect(periodText(60)).toBe('每1分钟');
    expect(periodText(5)).toBe('每5秒');
    expect(periodText(300)).toBe('每5分钟');
    expect(periodText(90)).toBe('每90秒');
    expect(periodText(3_600)).toBe('每1小时');
    expect(periodText(86_400)).toBe('每1天');
    expect(periodText(0)).toBe('—');
  });

  it('says how long a run took in milliseconds, seconds or minutes', () => {
    expect(durationText(0)).toBe('0 毫秒');
    expect(durationText(85)).toBe('85 毫秒');
    expect(durationText(1_240)).toBe('1.2 秒');
    expect(durationText(125_000)).toBe('2分5秒');
    expect(durationText(null)).toBe('—');
  });
});
