/**
 * /register/wechat: scan a QR code with WeChat. A WeChat already bound to an account logs that
 * account in; a new WeChat continues with registration step 1 and is bound to the new account.
 */
import { CheckCircleFilled, ReloadOutlined, WechatOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Spin } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isCancelled } from '@/api/client';
import { createWechatQrcode, getWechatStatus, type WechatQrcode } from '../api/wechat';
import styles from '../auth.module.css';
import { RegisterStep1Form } from '../components/RegisterStep1Form';
import { RegisterSteps } from '../components/RegisterSteps';
import { markLoggedIn } from '../lib/session';
import { useToast } from '../lib/use-toast';

const POLL_MS = 2_000;

type Phase = 'loading' | 'waiting' | 'expired' | 'failed' | 'register' | 'bound';

const absolute = (url: string) => (typeof window === 'undefined' ? url : new URL(url, window.location.origin).href);

export default function RegisterWechatPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [qr, setQr] = useState<WechatQrcode | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [nickname, setNickname] = useState('');
  const started = useRef(false);

  const refresh = useCallback(async () => {
    setPhase('loading');
    try {
      setQr(await createWechatQrcode());
      setPhase('waiting');
    } catch {
      setPhase('failed');
    }
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void refresh();
  }, [refresh]);

  useEffect(() => {
    if (!qr || phase !== 'waiting') return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expiresAt = Date.now() + qr.expires_in * 1000;

    const poll = async () => {
      if (Date.now() > expiresAt) {
        setPhase('expired');
        return;
      }
      try {
        const status = await getWechatStatus(qr.ticket, controller.signal);
        if (controller.signal.aborted) return;
        if (status.status === 'expired') return setPhase('expired');
        if (status.status === 'scanned') {
          if (status.bound === 1) {
            setPhase('bound');
            await markLoggedIn(queryClient);
            void toast.success('登录成功');
            navigate('/', { replace: true });
          } else {
            setNickname(status.nickname ?? '');
            setPhase('register');
          }
          return;
        }
      } catch (error) {
        if (isCancelled(error) || controller.signal.aborted) return;
      }
      timer = setTimeout(poll, POLL_MS);
    };

    timer = setTimeout(poll, POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [qr, phase, navigate, queryClient, toast]);

  if (phase === 'register' && qr) {
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
          {scanUrl ? (
            <QRCodeSVG value={scanUrl} size={200} level="M" marginSize={1} />
          ) : (
            <div style={{ width: 200, height: 200 }} />
          )}
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
          {phase === 'bound' ? (
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
