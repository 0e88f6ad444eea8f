/**
 * A (sandbox) WeChat QR code: asks for a ticket, then polls its state until it is scanned or expires. The
 * login-by-WeChat registration and the account's WeChat binding both show one.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { WechatQrcode } from '@core/schemas/user';
import { isCancelled } from '@/api/client';

export type ScanPhase = 'loading' | 'waiting' | 'scanned' | 'expired' | 'failed';

type Options<Q extends WechatQrcode, S extends { status: string }> = {
  create: () => Promise<Q>;
  check: (ticket: string, signal: AbortSignal) => Promise<S>;
  /** Called once when the code is scanned; the phase is then `scanned` until `refresh` or `expire`. */
  onScanned: (status: S, qr: Q) => void;
  pollMs: number;
};

export function useScanTicket<Q extends WechatQrcode, S extends { status: string }>({ create, check, onScanned, pollMs }: Options<Q, S>) {
  const [qr, setQr] = useState<Q | null>(null);
  const [phase, setPhase] = useState<ScanPhase>('loading');
  const scanned = useRef(onScanned);
  scanned.current = onScanned;
  const started = useRef(false);

  const refresh = useCallback(async () => {
    setPhase('loading');
    try {
      setQr(await create());
      setPhase('waiting');
    } catch {
      setPhase('failed');
    }
  }, [create]);

  // One ticket per visit, even when effects run twice in development.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void refresh();
  }, [refresh]);

  useEffect(() => {
    if (!qr || phase !== 'waiting') return;
    const controller = new AbortController();
    const expiresAt = Date.now() + qr.expires_in * 1000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      if (Date.now() > expiresAt) return setPhase('expired');
      try {
        const status = await check(qr.ticket, controller.signal);
        if (controller.signal.aborted) return;
        if (status.status === 'expired') return setPhase('expired');
        if (status.status === 'scanned') {
          setPhase('scanned');
          return scanned.current(status, qr);
        }
      } catch (error) {
        if (isCancelled(error) || controller.signal.aborted) return;
      }
      timer = setTimeout(poll, pollMs);
    };
    timer = setTimeout(poll, pollMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [qr, phase, check, pollMs]);

  const expire = useCallback(() => setPhase('expired'), []);
  return { qr, phase, refresh, expire };
}
