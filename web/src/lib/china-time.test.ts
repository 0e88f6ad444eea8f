/** Times are China's on a computer set to New York: the clock of every screen, the chat's days and the pickers' values. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayLabel, shortTime } from './chat/time';
import { chinaClock, chinaDate, chinaMinute, chinaPickerValue, chinaTime, chinaToday } from './china-time';

let zone: string | undefined;
beforeAll(() => {
  zone = process.env.TZ;
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

/** 2023-11-15 06:13:20 in China, 2023-11-14 17:13:20 in New York. */
const MORNING = 1_700_000_000;
/** Seconds of a China wall-clock time. */
const at = (china: string) => Date.parse(`${china}+08:00`) / 1000;

describe('China time on a computer set to New York', () => {
  it('is where the computer really is', () => {
    expect(new Date(MORNING * 1000).getTimezoneOffset()).toBe(300);
  });

  it('writes times and dates on China’s clock, in any pattern', () => {
    expect(chinaTime(MORNING)).toBe('2023-11-15 06:13:20');
    expect(chinaMinute(MORNING)).toBe('2023-11-15 06:13');
    expect(chinaDate(MORNING)).toBe('2023-11-15');
    expect(chinaClock(MORNING)).toBe('06:13');
    expect(chinaTime(MORNING, 'YYYY年MM月DD日 HH:mm')).toBe('2023年11月15日 06:13');
    expect(chinaTime(MORNING, 'M月D日')).toBe('11月15日');
    expect(chinaTime(null)).toBe('');
    expect(chinaToday(MORNING * 1000)).toBe('2023-11-15');
  });

  it('gives a date picker China’s day and hour, and takes them back as China time', () => {
    const value = chinaPickerValue(MORNING);
    expect(value.format('YYYY-MM-DD HH:mm')).toBe('2023-11-15 06:13');
    expect(value.add(30, 'day').format('YYYY-MM-DD')).toBe('2023-12-15');
  });

  it('tells the chat’s days apart at China’s midnight', () => {
    const now = at('2023-11-15T09:00:00');
    expect(dayLabel(at('2023-11-15T00:30:00'), now)).toBe('今天');
    // Still the same day in New York (10:30 and 20:00 on 14 November).
    expect(dayLabel(at('2023-11-14T23:30:00'), now)).toBe('昨天');
    expect(dayLabel(at('2023-11-13T23:30:00'), now)).toBe('11月13日');
    expect(dayLabel(at('2022-11-13T23:30:00'), now)).toBe('2022年11月13日');
    expect(shortTime(at('2023-11-15T00:30:00'), now)).toBe('00:30');
    expect(shortTime(at('2023-11-10T22:00:00'), now)).toBe('11/10');
  });
});
