/**
 * 在线支付: the gateway's QR code (drawn by a library loaded only now), a link that opens the sandbox page, and a
 * poll of the order's payment status every 2 s that moves on to step 4 once the gateway says it is paid.
 */
import { Button } from 'antd';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PayResult } from '@core/schemas/trade';
import { serverNow } from '@/lib/server-clock';
import { Countdown } from '@/ui/Countdown';
import { LazyQrCode } from '@/ui/LazyQrCode';
import { usePayStatus } from '../api/get-pay-status';
import { usePayOrder } from '../api/pay-order';
import { money } from '../lib/checkout';

/** The gateway payment on screen, with the server second its QR code expires at. */
type Payment = Pick<Extract<PayResult, { method: 'online' }>, 'trade_no' | 'amount' | 'qr_url'> & { expires_at: number };

export function OnlinePay({ orderId }: { orderId: number }) {
  const pay = usePayOrder();
  const navigate = useNavigate();
  const [payment, setPayment] = useState<Payment | null>(null);
  const [expired, setExpired] = useState(false);
  const started = useRef(false);

  const start = () => {
    setExpired(false);
    pay.mutate(
      { orderId, method: 'online' },
      {
        onSuccess: (data) => {
          if (data.method !== 'online') return;
          setPayment({ trade_no: data.trade_no, amount: data.amount, qr_url: data.qr_url, expires_at: Math.floor(serverNow() / 1000) + data.expires_in });
        },
      },
    );
  };

  // Start once when the method is chosen (the ref survives StrictMode's second run); the server hands back the same
  // waiting payment anyway.
  const startOnMount = useEffectEvent(start);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startOnMount();
  }, []);

  const status = usePayStatus(orderId, Boolean(payment) && !expired);
  const paid = status.data?.paid === 1;
  useEffect(() => {
    if (paid) void navigate(`/cart/step4?id=${orderId}`, { replace: true });
  }, [paid, navigate, orderId]);

  if (!payment) {
    return (
      <div className="yct-co-online yct-co-online--loading" data-testid="online-pay">
        {pay.isError ? (
          <Button onClick={start} data-testid="online-retry">
            重新获取支付二维码
          </Button>
        ) : (
          <>
            <span className="yct-spinner" /> 正在生成支付二维码…
          </>
        )}
      </div>
    );
  }
  const url = `${window.location.origin}${payment.qr_url}`;
  return (
    <div className="yct-co-online" data-testid="online-pay">
      <div className={`yct-co-online__qr${expired ? ' is-expired' : ''}`}>
        <LazyQrCode value={url} size={188} data-testid="online-qr" />
        {expired ? (
          <div className="yct-co-online__expired">
            <p>二维码已过期</p>
            <Button type="primary" size="small" onClick={start} loading={pay.isPending} data-testid="online-refresh">
              刷新二维码
            </Button>
          </div>
        ) : null}
      </div>
      <div className="yct-co-online__info">
        <p className="yct-co-online__scan">
          <span className="yct-co-online__wx">微信</span>
          <span className="yct-co-online__ali">支付宝</span>
          打开手机扫一扫，扫描左侧二维码完成支付
        </p>
        <p>
          支付金额：<strong className="yct-co-money">{money(payment.amount)}</strong>
        </p>
        <p className="yct-muted">
          支付单号：{payment.trade_no}
          {expired ? null : (
            <span className="yct-co-online__ttl">
              二维码 <Countdown end={payment.expires_at} onEnd={() => setExpired(true)} /> 后失效
            </span>
          )}
        </p>
        <p>
          <a href={payment.qr_url} target="_blank" rel="noopener noreferrer" className="yct-co-link" data-testid="online-sandbox-link">
            在沙箱中打开
          </a>
          <span className="yct-muted">（测试环境：在新窗口中模拟手机扫码支付）</span>
        </p>
        <p className="yct-co-online__wait" data-testid="online-waiting">
          <span className="yct-spinner" /> 支付完成后页面将自动跳转，请勿关闭本页面
        </p>
      </div>
    </div>
  );
}
