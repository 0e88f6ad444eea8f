/**
 * /register/wechat: scan a QR code with WeChat. A WeChat already bound to an account logs that
 * account in; a new WeChat continues with registration step 1 and is bound to the new account.
 */
import { CheckCircleFilled, ReloadOutlined, WechatOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Spin } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '@/lib/page-title';
import { useScanTicket } from '@/lib/use-scan-ticket';
import { useToast } from '@/lib/use-toast';
import { createWechatQrcode, getWechatStatus } from '../api/wechat';
import styles from '../auth.module.css';
import { RegisterStep1Form } from '../components/RegisterStep1Form';
import { RegisterSteps } from '../components/RegisterSteps';
import { markLoggedIn } from '../lib/session';

const POLL_MS = 2_000;

const absolute = (url: string) => (typeof window === 'undefined' ? url : new URL(url, window.location.origin).href);

export default function RegisterWechatPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [nickname, setNickname] = useState('');
  /** What the scan led to: this WeChat's account logged in, or registration of a new one. */
  const [outcome, setOutcome] = useState<'bound' | 'register' | null>(null);
  const { qr, phase, refresh } = useScanTicket({
    create: createWechatQrcode,
    check: getWechatStatus,
    pollMs: POLL_MS,
    onScanned: (status) => {
      if (status.bound === 1) {
        setOutcome('bound');
        void markLoggedIn(queryClient).then(() => {
          void toast.success('登录成功');
          navigate('/', { replace: true });
        });
      } else {
        setNickname(status.nickname ?? '');
        setOutcome('register');
      }
    },
  });

  usePageTitle(outcome === 'register' && qr ? '微信注册' : undefined);

  if (outcome === 'register' && qr) {
    return (
      <div className={styles.page}>
        <div className={styles.pageTitle}>
          <h1>微信注册</h1>
          <span>
            已有账号？<Link to="/login">登录</Link>后可在账户中心绑定微信
          </span>
        </div>
        <RegisterSteps current={0} />
        <div className={styles.formBox} style={{ marginBottom: 24 }}>
          <Alert
            type="success"
            showIcon
            icon={<WechatOutlined />}
            title={`微信${nickname ? `「${nickname}」` : ''}已授权`}
            description="该微信尚未绑定药采通账号，请设置登录信息完成注册，注册后即可使用微信扫码登录。"
            data-testid="wechat-authorised"
          />
        </div>
        <RegisterStep1Form wechatTicket={qr.ticket} onDone={() => navigate('/register/step2')} />
      </div>
    );
  }

  const scanUrl = qr ? absolute(qr.scan_url) : '';

  return (
    <div className={styles.page}>
      <div className={styles.pageTitle}>
        <h1>微信登录</h1>
        <span>
          使用账号密码？<Link to="/login">返回登录</Link>
        </span>
      </div>
      <div className={styles.wechatPanel}>
        <h2>
          <WechatOutlined style={{ color: '#07c160', marginRight: 8 }} />
          微信扫码登录
        </h2>
        <p>打开微信「扫一扫」，扫描下方二维码</p>
        <div className={styles.qrBox} data-testid="wechat-qrcode">
          {scanUrl ? <QRCodeSVG value={scanUrl} size={200} level="M" marginSize={1} /> : <div style={{ width: 200, height: 200 }} />}
          {phase === 'loading' ? (
            <div className={styles.qrMask}>
              <Spin />
            </div>
          ) : null}
          {phase === 'expired' || phase === 'failed' ? (
            <div className={styles.qrMask} data-testid="wechat-expired">
              <span>{phase === 'expired' ? '二维码已失效' : '二维码获取失败'}</span>
              <Button type="primary" icon={<ReloadOutlined />} onClick={() => void refresh()} data-testid="wechat-refresh">
                刷新二维码
              </Button>
            </div>
          ) : null}
          {outcome === 'bound' ? (
            <div className={styles.qrMask}>
              <CheckCircleFilled style={{ fontSize: 36, color: '#07c160' }} />
              <span>登录成功，正在跳转…</span>
            </div>
          ) : null}
        </div>
        <p style={{ marginTop: 16 }}>
          {phase === 'waiting' ? '等待扫码…' : null}
          {qr && phase === 'waiting' ? (
            <>
              <span style={{ marginLeft: 12 }}>没有微信环境？</span>
              <a href={qr.scan_url} target="_blank" rel="noreferrer" data-testid="wechat-sandbox-scan">
                模拟扫码
              </a>
            </>
          ) : null}
        </p>
        <p>
          还没有账号？扫码后即可快速注册，或<Link to="/register/step1">使用手机号注册</Link>
        </p>
      </div>
    </div>
  );
}
