/** Beside the lottery grid: what a draw costs, the draws left, the latest winners scrolling, the rules and the way to my records. */
import { Link } from 'react-router';
import type { DrawActivity } from '@core/schemas/lottery';
import { useWinners } from '../api/get-winners';

function Winners({ id }: { id: number }) {
  const winners = useWinners(id).data;
  if (!winners) return <div className="yct-draw-winners yct-draw-winners--empty">加载中…</div>;
  if (!winners.length) return <div className="yct-draw-winners yct-draw-winners--empty">快来抽取第一份好礼吧</div>;
  // Shown twice in a row, so the scroll runs on without a jump.
  const rows = winners.length > 4 ? [...winners, ...winners] : winners;
  return (
    <div className="yct-draw-winners" data-testid="draw-winners">
      <ul className={winners.length > 4 ? 'is-scrolling' : undefined} style={{ animationDuration: `${winners.length * 2}s` }}>
        {rows.map((w, i) => (
          <li key={`${w.id}-${i}`}>
            <span className="yct-draw-winners__name">{w.user_name}</span>
            <span>抽中</span>
            <b>{w.prize_name}</b>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** `onRecords`: following the link to my records closes the pop-up, except while drawing. */
export function DrawSide({ activity: a, onRecords }: { activity: DrawActivity; onRecords: () => void }) {
  return (
    <aside className="yct-draw-side">
      <p className="yct-draw-side__remarks">{a.remarks}</p>
      <dl className="yct-draw-figures">
        <div>
          <dt>今日剩余</dt>
          <dd data-testid="draw-left-today">{a.left_today}次</dd>
        </div>
        <div>
          <dt>{a.cost_kind === 'points' ? '我的积分' : '剩余机会'}</dt>
          <dd>{a.cost_kind === 'points' ? a.points.toLocaleString('zh-CN') : a.left_total < 0 ? '不限' : `${a.left_total}次`}</dd>
        </div>
      </dl>
      <p className="yct-draw-side__cost">
        {a.cost_text}，每人每天最多{a.daily_limit}次
      </p>
      <h3>中奖名单</h3>
      <Winners id={a.id} />
      <h3>活动规则</h3>
      <div className="yct-draw-rules">{a.rules || a.cost_text}</div>
      <Link to="/jfgl#draw-records" className="yct-draw-side__records" onClick={onRecords}>
        我的抽奖记录 ›
      </Link>
    </aside>
  );
}
