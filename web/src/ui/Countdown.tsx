/** A countdown to a server time (spec section 4): counts to zero and then calls `onEnd` once. */
import { useEffect, useRef } from 'react';
import { useServerSeconds } from '@/lib/server-clock';

/** Seconds left as the parts a countdown shows: days only when there is at least one. */
export function countdownParts(seconds: number) {
  const s = Math.max(0, Math.floor(seconds));
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

export function Countdown({ end, onEnd, label }: { end: number; onEnd?: () => void; label?: string }) {
  const now = useServerSeconds();
  const left = Math.max(0, end - now);
  const fired = useRef<number | null>(null);
  useEffect(() => {
    if (left === 0 && fired.current !== end) {
      fired.current = end;
      onEnd?.();
    }
  }, [left, end, onEnd]);
  const p = countdownParts(left);
  return (
    <span
      className="yct-countdown"
      data-testid="countdown"
      data-left={left}
      role="timer"
      aria-label={`${label ?? ''}${p.days ? `${p.days}天` : ''}${p.hours}小时${p.minutes}分${p.seconds}秒`}
    >
      {label ? <span className="yct-countdown__label">{label}</span> : null}
      {p.days ? (
        <>
          <b>{p.days}</b>
          <span>天</span>
        </>
      ) : null}
      <b>{pad(p.hours)}</b>
      <i>:</i>
      <b>{pad(p.minutes)}</b>
      <i>:</i>
      <b>{pad(p.seconds)}</b>
    </span>
  );
}
