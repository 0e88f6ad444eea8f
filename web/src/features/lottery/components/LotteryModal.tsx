/**
 * The lottery pop-up (spec sections 4, 8 and 9): the nine-square grid whose light runs round the eight prizes
 * while the server draws and stops on the prize after 2 s, then the result alert 恭喜您抽中{奖品名称}（{remarks}）
 * and the pop-up closes in 1 s. Closing while drawing asks first. Beside the grid: what a draw costs, the draws
 * left, the latest winners scrolling, the rules and the way to my records.
 */
import '../lottery.css';
import { useQueryClient } from '@tanstack/react-query';
import { App, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { DrawActivity, DrawPrize, DrawResult } from '@core/schemas/lottery';
import { ErrorState } from '@/ui/ErrorState';
import { useDrawAds } from '../api/get-ads';
import { useDrawActivity } from '../api/get-draw-activity';
import { useWinners } from '../api/get-winners';
import { useDraw } from '../api/draw';
import { refreshAfterDraw } from '../api/keys';
import { PrizeIcon } from './PrizeIcon';

/** Spec section 9: the result 2 s after the draw starts; the pop-up takes 1 s to close. */
const RESULT_DELAY_MS = 2_000;
const CLOSE_MS = 1_000;
const STEP_MS = 90;
const CLOSE_WHILE_DRAWING = '抽奖进行中，关闭后若未显示结果请到个人中心查看';

/** Where each slot (clockwise from the top left) sits in the 3 x 3 grid, as [row, column]. */
const CELLS: [number, number][] = [
  [1, 1],
  [1, 2],
  [1, 3],
  [2, 3],
  [3, 3],
  [3, 2],
  [3, 1],
  [2, 1],
];

type Phase = 'idle' | 'drawing' | 'result' | 'closing';

function Grid({ prizes, lit, children }: { prizes: DrawPrize[]; lit: number | null; children: React.ReactNode }) {
  return (
    <div className="yct-draw-grid" data-testid="draw-grid">
      {prizes.map((p) => (
        <div
          key={p.slot}
          className={`yct-draw-cell${lit === p.slot ? ' is-lit' : ''}`}
          style={{ gridRow: CELLS[p.slot][0], gridColumn: CELLS[p.slot][1] }}
          data-testid="draw-cell"
          data-slot={p.slot}
          data-lit={lit === p.slot ? 1 : 0}
        >
          <PrizeIcon kind={p.kind} image={p.image} name={p.name} />
          <span className="yct-draw-cell__name">{p.name}</span>
        </div>
      ))}
      <div className="yct-draw-centre">{children}</div>
    </div>
  );
}

function buttonText(a: DrawActivity, phase: Phase) {
  if (phase === 'drawing') return { main: '抽奖中…', sub: '好运即将揭晓' };
  if (phase === 'result' || phase === 'closing') return { main: '已开奖', sub: '好运常伴' };
  if (a.is_join === 1) {
    if (a.left_today === 0) return { main: '明日再来', sub: '今日次数已用完' };
    if (a.left_total === 0) return { main: '暂无机会', sub: a.cost_kind === 'orders' ? '支付订单可获得机会' : '抽奖次数已用完' };
    if (a.cost_kind === 'points' && a.points < a.cost_points) return { main: '积分不足', sub: `每次需${a.cost_points}积分` };
    return { main: '暂不可抽', sub: '活动未在进行中' };
  }
  return { main: '立即抽奖', sub: a.cost_kind === 'points' ? `消耗${a.cost_points}积分` : '免费抽奖' };
}

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

type Props = { id: number; open: boolean; onClose: () => void };

export function LotteryModal({ id, open, onClose }: Props) {
  const { modal } = App.useApp();
  const client = useQueryClient();
  const activity = useDrawActivity(open ? id : undefined);
  const ads = useDrawAds(open).data ?? [];
  const draw = useDraw();
  const [phase, setPhase] = useState<Phase>('idle');
  const [lit, setLit] = useState<number | null>(null);
  const timers = useRef<number[]>([]);
  const closedRef = useRef(false);
  const asking = useRef<{ destroy: () => void } | null>(null);

  const clearTimers = () => {
    for (const t of timers.current) {
      window.clearTimeout(t);
      window.clearInterval(t);
    }
    timers.current = [];
  };
  useEffect(() => clearTimers, []);
  useEffect(() => {
    if (open) {
      closedRef.current = false;
      setPhase('idle');
      setLit(null);
    }
  }, [open]);

  /** Spec section 4: after the draw the pop-up closes, with its 1 s animation. */
  const close = () => {
    clearTimers();
    closedRef.current = true;
    setPhase('closing');
    timers.current.push(window.setTimeout(onClose, CLOSE_MS));
  };

  /** The light stops on the prize and the result alert shows; once it is read the pop-up closes. */
  const showResult = (r: DrawResult) => {
    if (closedRef.current) return;
    clearTimers();
    // The result came while the buyer was asked about closing: the question is moot.
    asking.current?.destroy();
    setLit(r.prize.slot);
    setPhase('result');
    const alert = r.won ? modal.success : modal.info;
    alert({
      title: r.won ? `恭喜您抽中${r.prize.name}（${r.remarks}）` : '谢谢参与',
      content: r.won ? null : '很遗憾没有抽中奖品，祝您下次好运！',
      okText: '我知道了',
      centered: true,
      className: 'yct-draw-result',
      okButtonProps: { 'data-testid': 'draw-result-ok' },
      onOk: close,
    });
  };

  const start = async () => {
    const a = activity.data;
    if (!a || phase !== 'idle' || a.is_join === 1) return;
    setPhase('drawing');
    const began = Date.now();
    let step = lit ?? 0;
    timers.current.push(
      window.setInterval(() => {
        step = (step + 1) % 8;
        setLit(step);
      }, STEP_MS),
    );
    try {
      const result = await draw.mutateAsync(a.id);
      void refreshAfterDraw(client);
      const wait = Math.max(0, RESULT_DELAY_MS - (Date.now() - began));
      timers.current.push(window.setTimeout(() => showResult(result), wait));
    } catch {
      // The client has shown why (温馨提示); the grid stops where it is.
      clearTimers();
      setPhase('idle');
      setLit(null);
      void refreshAfterDraw(client);
    }
  };

  const askClose = () => {
    if (phase === 'closing' || phase === 'result') return;
    if (phase !== 'drawing') return close();
    asking.current = modal.confirm({
      title: '温馨提示',
      content: CLOSE_WHILE_DRAWING,
      okText: '关闭',
      cancelText: '取消',
      centered: true,
      className: 'yct-draw-confirm',
      okButtonProps: { 'data-testid': 'draw-confirm-close' },
      cancelButtonProps: { 'data-testid': 'draw-confirm-cancel' },
      onOk: close,
    });
  };

  const a = activity.data;
  let body;
  if (activity.isPending) body = <div className="yct-draw-loading" data-testid="draw-loading" />;
  else if (activity.isError || !a) body = <ErrorState message="抽奖活动加载失败" onRetry={() => void activity.refetch()} retrying={activity.isFetching} />;
  else {
    const label = buttonText(a, phase);
    body = (
      <div className="yct-draw-body">
        <div className="yct-draw-board">
          <Grid prizes={a.prizes} lit={lit}>
            <button
              type="button"
              className={`yct-draw-go${phase === 'idle' ? '' : ' is-busy'}`}
              onClick={() => void start()}
              disabled={phase !== 'idle' || a.is_join === 1}
              data-testid="draw-go"
            >
              <b>{label.main}</b>
              <small>{label.sub}</small>
            </button>
          </Grid>
        </div>
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
          <Link to="/jfgl#draw-records" className="yct-draw-side__records" onClick={() => (phase === 'drawing' ? undefined : close())}>
            我的抽奖记录 ›
          </Link>
        </aside>
      </div>
    );
  }

  return (
    <Modal
      open={open}
      onCancel={askClose}
      footer={null}
      width={820}
      centered
      maskClosable={false}
      keyboard={phase !== 'drawing'}
      destroyOnHidden
      className={`yct-draw-modal${phase === 'closing' ? ' is-closing' : ''}`}
      title={<span className="yct-draw-title">{a?.name ?? '幸运抽奖'}</span>}
    >
      <div data-testid="draw-popup" data-phase={phase}>
        {ads[0] ? <img className="yct-draw-ad" src={ads[0].image} alt={a?.name ?? '幸运抽奖'} width={772} height={129} /> : null}
        {body}
      </div>
    </Modal>
  );
}
