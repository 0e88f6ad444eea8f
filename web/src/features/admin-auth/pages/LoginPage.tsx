/**
 * /admin/login: username and password; when the operator has enrolled two-factor the server answers 422 on
 * `otp` and the six-digit code step appears. Messages from the server stand under their fields. After login
 * the operator goes back to where they were sent from (`redirect`), or to the console's home.
 */
import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, type GetRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Code } from '@core/codes';
import { adminLoginBody, totpEnableBody } from '@core/schemas/admin';
import { isApiError } from '@/api/client';
import { applyServerErrors, zodRule } from '@/lib/form';
import { errorText } from '@/lib/admin/http';
import { ADMIN_KEY } from '@/lib/admin/me';
import { afterLoginPath } from '@/lib/admin/session';
import { ConsoleMark } from '@/ui/admin/ConsoleMark';
import { useAdminLogin } from '../api/login';
import '../admin-auth.css';

type Values = { username: string; password: string; otp?: string };

export default function LoginPage() {
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState<'password' | 'otp'>('password');
  const [notice, setNotice] = useState<string | null>(null);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useAdminLogin();
  const otpInput = useRef<GetRef<typeof Input.OTP>>(null);

  useEffect(() => {
    document.title = '登录 - 药采通运营后台';
    // Whatever an earlier operator's session had loaded is not this one's.
    queryClient.removeQueries({ queryKey: ADMIN_KEY });
  }, [queryClient]);

  const submit = async (values: Values) => {
    setNotice(null);
    try {
      await login.mutateAsync({ username: values.username, password: values.password, otp: step === 'otp' ? values.otp : undefined });
      void navigate(afterLoginPath(params.get('redirect')), { replace: true });
    } catch (e) {
      if (!isApiError(e) || e.code !== Code.invalid) {
        setNotice(errorText(e));
        return;
      }
      const errors = e.fieldErrors;
      if (step === 'password' && errors.otp && !errors.password) {
        // Two-factor is enrolled: the password was right, now the code.
        setStep('otp');
        return;
      }
      if (errors.password || errors.username) setStep('password');
      if (errors.otp) {
        // A wrong code is typed again from the first box.
        form.setFieldsValue({ otp: '' });
        otpInput.current?.focus();
      }
      const rest = applyServerErrors(form, e);
      if (rest.length) setNotice(rest[0]);
    }
  };

  const back = () => {
    setStep('password');
    setNotice(null);
    form.setFieldsValue({ otp: '' });
  };

  return (
    <div className="yct-admin-login">
      <div className="yct-admin-login__card">
        <div className="yct-admin-login__brand">
          <ConsoleMark large />
          药采通运营后台
        </div>
        <p className="yct-admin-login__hint">{step === 'password' ? '运营人员登录' : '两步验证'}</p>
        {notice ? <Alert type="error" showIcon title={notice} className="yct-admin-login__notice" data-testid="admin-login-notice" /> : null}
        <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={submit} data-testid="admin-login-form">
          <Form.Item name="username" rules={[zodRule(adminLoginBody.shape.username)]} hidden={step === 'otp'}>
            <Input prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" maxLength={32} data-testid="admin-login-username" />
          </Form.Item>
          <Form.Item name="password" rules={[zodRule(adminLoginBody.shape.password)]} hidden={step === 'otp'}>
            <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" maxLength={64} data-testid="admin-login-password" />
          </Form.Item>
          {step === 'otp' ? (
            <>
              <p className="yct-admin-login__otp-text">
                <SafetyCertificateOutlined /> 请打开手机上的身份验证器，输入 <b>{form.getFieldValue('username')}</b> 的6位动态验证码
              </p>
              <Form.Item name="otp" rules={[zodRule(totpEnableBody.shape.otp)]} className="yct-admin-login__otp">
                <Input.OTP ref={otpInput} length={6} autoFocus className="yct-admin-otp" data-testid="admin-login-otp" />
              </Form.Item>
            </>
          ) : null}
          <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="admin-login-submit">
            {step === 'otp' ? '验证并登录' : '登录'}
          </Button>
          {step === 'otp' ? (
            <Button type="link" block onClick={back} className="yct-admin-login__back">
              返回重新输入账号密码
            </Button>
          ) : null}
        </Form>
      </div>
      <p className="yct-admin-login__foot">仅限授权运营人员使用 · 所有操作均记录操作日志</p>
    </div>
  );
}
