/**
 * The lottery pop-up (spec sections 4, 8 and 9): the nine-square grid whose light runs round the eight prizes
 * while the server draws and stops on the prize after 2 s, then the result alert 恭喜您抽中{奖品名称}（{remarks}）
 * and the pop-up closes in 1 s. Closing while drawing asks first. Beside the grid: what a draw costs, the draws
 * left, the latest winners scrolling, the rules and the way to my records.
 */
import '../lottery.css';
import { Modal } from 'antd';
import type { ReactNode } from 'react';
import type { DrawActivity, DrawPrize } from '@core/schemas/lottery';
import { ErrorState } from '@/ui/ErrorState';
import { useDrawAds } from '../api/get-ads';
import { useDrawActivity } from '../api/get-draw-activity';
import { useDrawRun, type Phase } from '../lib/use-draw-run';
import { DrawSide } from './DrawSide';
import { PrizeIcon } from './PrizeIcon';

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

function Grid({ prizes, lit, children }: { prizes: DrawPrize[]; lit: number | null; children: ReactNode }) {
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

type Props = { id: number; open: boolean; onClose: () => void };

export function LotteryModal({ id, open, onClose }: Props) {
  const activity = useDrawActivity(open ? id : undefined);
  const ads = useDrawAds(open).data ?? [];
  const { phase, lit, start, close, askClose } = useDrawRun(activity.data, open, onClose);

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
        <DrawSide activity={a} onRecords={() => (phase === 'drawing' ? undefined : close())} />
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
