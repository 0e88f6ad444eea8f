/**
 * /login: a full-width banner band with the login card on the right (账号登录 / 短信登录). A buyer who is logged in
 * already never sees it: the server sends them on to where it would lead (server/app.ts).
 */
import { LockOutlined, MobileOutlined, SafetyCertificateOutlined, UserOutlined, WechatOutlined } from '@ant-design/icons';
import { Button, Form, Input, Tabs } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { afterLoginPath } from '@core/routes';
import { loginBody, loginCodeBody } from '@core/schemas/user';
import { applyServerErrors, zodRule } from '@/lib/form';
import { useToast } from '@/lib/use-toast';
import { SmsCodeButton } from '@/ui/SmsCodeButton';
import { useLoginBanner } from '../api/get-login-banner';
import { useLogin, type LoginInput } from '../api/login';
import { useLoginByCode, type LoginCodeInput } from '../api/login-code';
import styles from '../auth.module.css';

function AccountLogin({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<LoginInput>();
  const mutation = useLogin();

  const onFinish = async (values: LoginInput) => {
    try {
      await mutation.mutateAsync({ username: values.username.trim(), password: values.password });
      onDone();
    } catch (error) {
      applyServerErrors(form, error);
    }
  };

  return (
    <Form<LoginInput> form={form} size="large" onFinish={onFinish}>
      <Form.Item name="username" rules={[zodRule(loginBody.shape.username)]}>
        <Input prefix={<UserOutlined />} placeholder="用户名 / 手机号" maxLength={32} autoComplete="username" data-testid="login-username" />
      </Form.Item>
      <Form.Item name="password" rules={[zodRule(loginBody.shape.password)]}>
        <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" maxLength={64} autoComplete="current-password" data-testid="login-password" />
      </Form.Item>
      <div className={styles.loginLinks} style={{ marginTop: -8, marginBottom: 16 }}>
        <span />
        <Link to="/forget/step1" data-testid="login-forget">
          忘记密码？
        </Link>
      </div>
      <Button type="primary" htmlType="submit" block loading={mutation.isPending} data-testid="login-submit">
        登录
      </Button>
    </Form>
  );
}

function SmsLogin({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<LoginCodeInput>();
  const mutation = useLoginByCode();

  const onFinish = async (values: LoginCodeInput) => {
    try {
      await mutation.mutateAsync({ phone: values.phone.trim(), code: values.code.trim() });
      onDone();
    } catch (error) {
      applyServerErrors(form, error);
    }
  };

  return (
    <Form<LoginCodeInput> form={form} size="large" onFinish={onFinish}>
      <Form.Item name="phone" rules={[zodRule(loginCodeBody.shape.phone)]}>
        <Input prefix={<MobileOutlined />} placeholder="请输入手机号" maxLength={11} inputMode="numeric" autoComplete="tel" data-testid="login-phone" />
      </Form.Item>
      <Form.Item>
        <div className={styles.codeRow}>
          <Form.Item name="code" noStyle rules={[zodRule(loginCodeBody.shape.code)]}>
            <Input
              prefix={<SafetyCertificateOutlined />}
              placeholder="6位验证码"
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
              data-testid="login-code"
            />
          </Form.Item>
          <SmsCodeButton form={form} type="login" testId="login-send-code" />
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={mutation.isPending} data-testid="login-code-submit">
        登录
      </Button>
    </Form>
  );
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const banner = useLoginBanner();
  const [tab, setTab] = useState('account');
  const first = banner.data?.[0];
  const target = afterLoginPath(params.get('redirect'));

  const onDone = () => {
    void toast.success('登录成功');
    navigate(target, { replace: true });
  };

  return (
    <div className={styles.loginBand} style={first?.image ? { backgroundImage: `url("${first.image}")` } : undefined} data-testid="login-page">
      <div className={styles.loginInner}>
        {first?.url ? <a className={styles.bannerLink} href={first.url} title={first.title} aria-label={first.title || '活动详情'} /> : null}
        {!first?.image ? (
          <div className={styles.bannerText}>
            <h2>药采通 · 医药采购平台</h2>
            <p>正品保障 · 厂家直供 · 极速配送</p>
            <p>单体药店 · 连锁药店 · 诊所 · 医药公司一站式采购</p>
          </div>
        ) : null}
        <div className={styles.loginCard}>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            centered
            destroyOnHidden
            items={[
              {
                key: 'account',
                label: <span data-testid="login-tab-account">账号登录</span>,
                children: <AccountLogin onDone={onDone} />,
              },
              {
                key: 'sms',
                label: <span data-testid="login-tab-sms">短信登录</span>,
                children: <SmsLogin onDone={onDone} />,
              },
            ]}
          />
          <div className={styles.loginFooter}>
            <Link to="/register/wechat" className={styles.wechatLink} data-testid="login-wechat">
              <WechatOutlined style={{ fontSize: 18 }} />
              微信登录
            </Link>
            <span>
              还没有账号？
              <Link to="/register/step1" className={styles.strong} data-testid="login-register">
                免费注册
              </Link>
            </span>
          </div>
        </div>
      </div>
    </div>
  );
}
