/** 平台公告: the newest notices, one line at a time, moving up every few seconds (paused on hover). */
import { useEffect, useState } from 'react';
import { useFocusCommon } from '@/lib/content/get-focus-common';
import { TargetLink } from '@/ui/TargetLink';

const STEP_MS = 3500;

export function Broadcast() {
  const { data } = useFocusCommon();
  const items = data?.site.broadcast ?? [];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (items.length < 2 || paused) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % items.length), STEP_MS);
    return () => window.clearInterval(timer);
  }, [items.length, paused]);
  return (
    <div className="yct-broadcast" data-testid="broadcast" onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)}>
      <div className="yct-broadcast__title">平台公告</div>
      <div className="yct-broadcast__window">
        {items.length ? (
          <ul style={{ transform: `translateY(-${index * 24}px)` }}>
            {items.map((n) => (
              <li key={n.id}>
                <TargetLink to={n.url} title={n.title}>
                  {n.title}
                </TargetLink>
              </li>
            ))}
          </ul>
        ) : (
          <span className="yct-muted">暂无公告</span>
        )}
      </div>
    </div>
  );
}
