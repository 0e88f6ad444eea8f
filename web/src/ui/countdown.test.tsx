// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverNow, syncServerTime, toMillis } from '@/lib/server-clock';
import { Countdown, countdownParts } from './Countdown';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-24T01:00:00Z'));
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.useRealTimers();
});

describe('server clock', () => {
  it('reads 10-digit timestamps as seconds and 13-digit ones as milliseconds', () => {
    expect(toMillis(1_795_000_000)).toBe(1_795_000_000_000);
    expect(toMillis(1_795_000_000_123)).toBe(1_795_000_000_123);
  });

  it('follows the server even when this computer is an hour behind', () => {
    const server = Date.now() / 1000 + 3600;
    syncServerTime(server);
    expect(Math.round(serverNow() / 1000)).toBe(Math.round(server));
    vi.advanceTimersByTime(5000);
    expect(Math.round(serverNow() / 1000)).toBe(Math.round(server) + 5);
  });
});

describe('countdown', () => {
  it('splits seconds into days, hours, minutes and seconds', () => {
    expect(countdownParts(2 * 3600 + 13 * 60 + 45)).toEqual({ days: 0, hours: 2, minutes: 13, seconds: 45 });
    expect(countdownParts(90_061)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    expect(countdownParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('counts down once a second on the server clock and calls back once at zero', () => {
    syncServerTime(Math.floor(Date.now() / 1000));
    const end = Math.floor(serverNow() / 1000) + 3;
    const onEnd = vi.fn();
    act(() => root.render(<Countdown end={end} onEnd={onEnd} label="距结束" />));
    const text = () => host.querySelector('[data-testid="countdown"]')!.textContent;
    expect(text()).toBe('距结束00:00:03');
    act(() => vi.advanceTimersByTime(1000));
    expect(text()).toBe('距结束00:00:02');
    expect(onEnd).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(2000));
    expect(text()).toBe('距结束00:00:00');
    expect(onEnd).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(3000));
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('shows the time left at its first render, however long no countdown was on screen', () => {
    syncServerTime(Math.floor(Date.now() / 1000));
    const end = Math.floor(serverNow() / 1000) + 3600;
    // A minute on other pages, where nothing showed the clock.
    vi.advanceTimersByTime(60_000);
    act(() => root.render(<Countdown end={end} />));
    expect(host.querySelector('[data-testid="countdown"]')!.textContent).toBe('00:59:00');
  });
});
