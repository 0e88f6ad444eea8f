/**
 * /zhzx/bdwx 绑定微信: the binding of the account. Unbound: a QR code of the (sandbox) WeChat login, polled
 * until scanned, then bound. Bound: the nickname and 解除绑定. This route skips the base call (spec section 6):
 * the page's own answer fills the header.
 */
import '../account.css';
import { CheckCircleFilled, ReloadOutlined, WechatOutlined } from '@ant-design/icons';
import { App, Button, Spin } from 'antd';
import { useShareUser } from '@/lib/session/share-user';
import { useScanTicket } from '@/lib/use-scan-ticket';
import { ErrorState } from '@/ui/ErrorState';
import { LazyQrCode } from '@/ui/LazyQrCode';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { PanelLoading } from '@/ui/account/PanelStates';
import { createBindQrcode, getBindStatus, useBindWechat, useUnbindWechat, useWechatBinding } from '../api/wechat';

const POLL_MS = 1500;
const absolute = (url: string) => (/^https?:/.test(url) ? url : `${window.location.origin}${url}`);

function BindPanel() {
  const { message } = App.useApp();
  const { mutate: bind } = useBindWechat();
  const { qr, phase, refresh, expire } = useScanTicket({
    create: createBindQrcode,
    check: getBindStatus,
    pollMs: POLL_MS,
    onScanned: (_status, code) =>
      bind(code.ticket, {
        onSuccess: (r) => void message.success(`已绑定微信「${r.nickname}」`),
        onError: expire,
      }),
  });
  const binding = phase === 'scanned';

  return (
    <div className="yct-wx__bind" data-testid="wechat-bind">
      <div className="yct-wx__qr" data-testid="wechat-qrcode">
        {qr ? <LazyQrCode value={absolute(qr.scan_url)} size={180} /> : <div style={{ width: 190, height: 190 }} />}
        {phase === 'loading' || binding ? (
          <div className="yct-wx__mask">
            <Spin />
            {binding ? <span>正在绑定…</span> : null}
          </div>
        ) : null}
        {phase === 'expired' || phase === 'failed' ? (
          <div className="yct-wx__mask" data-testid="wechat-expired">
            <span>{phase === 'expired' ? '二维码已失效' : '二维码获取失败'}</span>
            <Button type="primary" size="small" icon={<ReloadOutlined />} onClick={() => void refresh()} data-testid="wechat-refresh">
              刷新二维码
            </Button>
          </div>
        ) : null}
      </div>
      <div className="yct-wx__steps">
        <h3>
          <WechatOutlined className="yct-wx__icon" /> 扫码绑定微信
        </h3>
        <ol>
          <li>打开手机微信，点击右上角「+」选择「扫一扫」</li>
          <li>扫描左侧二维码，在手机上确认授权</li>
          <li>绑定成功后，可使用微信扫码登录本账号，并接收订单与物流通知</li>
        </ol>
        {qr && phase === 'waiting' ? (
          <p className="yct-muted">
            等待扫码… 没有微信环境？
            <a href={qr.scan_url} target="_blank" rel="noreferrer" data-testid="wechat-sandbox-scan">
              模拟扫码
            </a>
          </p>
        ) : null}
      </div>
    </div>
  );
}

function Wechat() {
  const { modal, message } = App.useApp();
  const binding = useWechatBinding();
  const unbind = useUnbindWechat();
  useShareUser(binding.data?.user);
  if (binding.isPending) return <PanelLoading />;
  if (binding.isError) return <ErrorState onRetry={() => void binding.refetch()} retrying={binding.isFetching} />;
  const { data } = binding;
  if (data.user.actor) return <p className="yct-muted">正在代门店采购，请返回总部账号后再绑定或解绑微信。</p>;
  if (!data.bound) return <BindPanel />;
  return (
    <div className="yct-wx__bound" data-testid="wechat-bound">
      <CheckCircleFilled className="yct-wx__ok" />
      <div>
        <h3>
          已绑定微信：<b data-testid="wechat-nickname">{data.nickname}</b>
        </h3>
        <p className="yct-muted">可使用微信扫码登录账号「{data.user.username}」，订单、物流和资质审核通知将推送到该微信。</p>
        <Button
          danger
          loading={unbind.isPending}
          onClick={() =>
            modal.confirm({
              title: '确定解除微信绑定吗?',
              content: '解除后将无法使用该微信扫码登录本账号。',
              okText: '解除绑定',
              cancelText: '取消',
              okButtonProps: { danger: true },
              centered: true,
              onOk: () =>
                unbind.mutateAsync().then(
                  () => void message.success('已解除微信绑定'),
                  () => undefined,
                ),
            })
          }
          data-testid="wechat-unbind"
        >
          解除绑定
        </Button>
      </div>
    </div>
  );
}

export default function WechatPage() {
  return (
    <AccountLayout title="绑定微信">
      <div data-testid="wechat-page">
        <Wechat />
      </div>
    </AccountLayout>
  );
}
