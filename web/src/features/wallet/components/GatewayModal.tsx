/**
 * The gateway's QR code in a dialog, for a recharge or a credit repayment: the buyer scans it (in the sandbox,
 * opens the link), the page polls, and the dialog turns into the success notice once the gateway says paid.
 */
import { Button, Modal, Result } from 'antd';
import type { ReactNode } from 'react';
import type { GatewayPayment } from '@core/schemas/wallet';
import { LazyQrCode } from '@/ui/LazyQrCode';
import { money } from '../lib/format';

type Props = {
  title: string;
  payment: GatewayPayment | null;
  paid: boolean;
  /** What the success notice says. */
  done: ReactNode;
  onClose: () => void;
};

export function GatewayModal({ title, payment, paid, done, onClose }: Props) {
  return (
    <Modal open={payment !== null} title={title} footer={null} onCancel={onClose} width={520} centered destroyOnHidden maskClosable={false}>
      {payment && paid ? (
        <Result
          status="success"
          title="支付成功"
          subTitle={done}
          extra={
            <Button type="primary" onClick={onClose} data-testid="gateway-done">
              完成
            </Button>
          }
          data-testid="gateway-paid"
        />
      ) : payment ? (
        <div className="yct-wal-gateway" data-testid="gateway-pay">
          <LazyQrCode value={`${window.location.origin}${payment.qr_url}`} size={168} data-testid="gateway-qr" />
          <div className="yct-wal-gateway__info">
            <p className="yct-wal-gateway__scan">
              <span className="yct-wal-gateway__wx">微信</span>
              <span className="yct-wal-gateway__ali">支付宝</span>扫一扫付款
            </p>
            <p>
              应付金额{' '}
              <strong className="yct-wal-red" data-testid="gateway-amount">
                {money(payment.amount)}
              </strong>
            </p>
            <p className="yct-muted">支付单号 {payment.trade_no}</p>
            <p className="yct-muted">二维码 {Math.round(payment.expires_in / 60)} 分钟内有效</p>
            <p>
              <a href={payment.qr_url} target="_blank" rel="noopener noreferrer" className="yct-wal-link" data-testid="gateway-sandbox-link">
                在沙箱中打开
              </a>
              <span className="yct-muted">（测试环境：模拟手机扫码支付）</span>
            </p>
            <p className="yct-wal-gateway__wait">
              <span className="yct-spinner" /> 支付完成后将自动到账，请勿关闭本窗口
            </p>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
