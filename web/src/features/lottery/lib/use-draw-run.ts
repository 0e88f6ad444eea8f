/**
 * One run of the lottery pop-up: the light runs round the prizes while the server draws, stops on the prize after
 * 2 s, the result alert shows, and the pop-up closes in 1 s. Closing while drawing asks first.
 */
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { DrawActivity, DrawResult } from '@core/schemas/lottery';
import { useDraw } from '../api/draw';
import { refreshAfterDraw } from '../api/keys';

/** Spec section 9: the result 2 s after the draw starts; the pop-up takes 1 s to close. */
const RESULT_DELAY_MS = 2_000;
const CLOSE_MS = 1_000;
const STEP_MS = 90;
const CLOSE_WHILE_DRAWING = '抽奖进行中，关闭后若未显示结果请到个人中心查看';

export type Phase = 'idle' | 'drawing' | 'result' | 'closing';

export function useDrawRun(activity: DrawActivity | undefined, open: boolean, onClose: () => void) {
  const { modal } = App.useApp();
  const client = useQueryClient();
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
    const a = activity;
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

  return { phase, lit, start, close, askClose };
}
