/** /forget/step1 (verify the phone), /forget/step2 (new password), /forget/step3 (done). */
import { LockOutlined, MobileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Result, Steps } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { forgetStep1Body, forgetStep2Body } from '@core/schemas/user';
import { applyServerErrors, zodRule } from '@/lib/form';
import { SmsCodeButton } from '@/ui/SmsCodeButton';
import { useForgetStep1, useForgetStep2 } from '../api/forget';
import styles from '../auth.module.css';
import { confirmPasswordRule } from '../components/RegisterStep1Form';

const TICKET_KEY = 'yct_forget_ticket';

const readTicket = () => {
  try {
    return sessionStorage.getItem(TICKET_KEY) ?? '';
  } catch {
    return '';
  }
};
const writeTicket = (ticket: string | null) => {
  try {
    if (ticket) sessionStorage.setItem(TICKET_KEY, ticket);
    else sessionStorage.removeItem(TICKET_KEY);
  } catch {}
};

function VerifyPhone({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const mutation = useForgetStep1();
  const shape = forgetStep1Body.shape;

  const onFinish = async (values: { phone: string; code: string }) => {
    try {
      const { ticket } = await mutation.mutateAsync({ phone: values.phone.trim(), code: values.code.trim() });
      writeTicket(ticket);
      onDone();
    } catch (error) {
      applyServerErrors(form, error);
    }
  };

  return (
    <Form
      form={form}
      className={styles.formBox}
      labelCol={{ flex: '110px' }}
      wrapperCol={{ flex: '1', style: { minWidth: 0 } }}
      size="large"
      onFinish={onFinish}
      autoComplete="off"
    >
      <Form.Item label="手机号" name="phone" required rules={[zodRule(shape.phone)]}>
        <Input prefix={<MobileOutlined />} placeholder="请输入注册时使用的手机号" maxLength={11} inputMode="numeric" data-testid="forget-phone" />
      </Form.Item>
      <Form.Item label="短信验证码" required>
        <div className={styles.codeRow}>
          <Form.Item name="code" noStyle rules={[zodRule(shape.code)]}>
            <Input prefix={<SafetyCertificateOutlined />} placeholder="请输入6位验证码" maxLength={6} inputMode="numeric" data-testid="forget-code" />
          </Form.Item>
          <SmsCodeButton form={form} type="forget" testId="forget-send-code" />
        </div>
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" block loading={mutation.isPending} data-testid="forget-next">
          下一步
        </Button>
      </Form.Item>
    </Form>
  );
}

type PasswordValues = Pick<z.output<typeof forgetStep2Body>, 'password' | 'password_confirmation'>;

function NewPassword({ ticket, onDone, onRestart }: { ticket: string; onDone: () => void; onRestart: () => void }) {
  const [form] = Form.useForm<PasswordValues>();
  const mutation = useForgetStep2();
  const [expired, setExpired] = useState('');

  const onFinish = async (values: PasswordValues) => {
    try {
      await mutation.mutateAsync({ ticket, ...values });
      writeTicket(null);
      onDone();
    } catch (error) {
      const rest = applyServerErrors(form, error, (field) => (field === 'ticket' ? null : [field]));
      if (rest.length) setExpired(rest[0]);
    }
  };

  return (
    <Form
      form={form}
      className={styles.formBox}
      labelCol={{ flex: '110px' }}
      wrapperCol={{ flex: '1', style: { minWidth: 0 } }}
      size="large"
      onFinish={onFinish}
      autoComplete="off"
    >
      {expired ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 20 }}
          title={expired}
          action={
            <Button size="small" onClick={onRestart}>
              重新验证
            </Button>
          }
          data-testid="forget-error"
        />
      ) : null}
      <Form.Item label="新密码" name="password" required rules={[zodRule(forgetStep2Body.shape.password)]} extra="6-20位，须同时包含字母和数字">
        <Input.Password prefix={<LockOutlined />} placeholder="请设置新密码" maxLength={20} autoComplete="new-password" data-testid="forget-password" />
      </Form.Item>
      <Form.Item label="确认新密码" name="password_confirmation" required dependencies={['password']} rules={[confirmPasswordRule]}>
        <Input.Password prefix={<LockOutlined />} placeholder="请再次输入新密码" maxLength={20} autoComplete="new-password" data-testid="forget-password2" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" block loading={mutation.isPending} data-testid="forget-submit">
          确认修改
        </Button>
      </Form.Item>
    </Form>
  );
}

export default function ForgetPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const step = Number(/step([123])/.exec(pathname)?.[1] ?? 1);
  const ticket = readTicket();

  const content = () => {
    if (step === 3) {
      return (
        <Result
          status="success"
          title="密码重置成功"
          subTitle="请使用新密码重新登录，其他设备上的登录状态已失效。"
          data-testid="forget-done"
          extra={
            <Button type="primary" size="large" onClick={() => navigate('/login')} data-testid="forget-login">
              去登录
            </Button>
          }
        />
      );
    }
    if (step === 2) {
      if (!ticket) {
        return (
          <Result
            status="info"
            title="请先验证手机号"
            subTitle="为保障账号安全，重置密码前需要先通过短信验证。"
            extra={
              <Button type="primary" onClick={() => navigate('/forget/step1')}>
                去验证
              </Button>
            }
          />
        );
      }
      return (
        <NewPassword
          ticket={ticket}
          onDone={() => navigate('/forget/step3', { replace: true })}
          onRestart={() => {
            writeTicket(null);
            navigate('/forget/step1');
          }}
        />
      );
    }
    return <VerifyPhone onDone={() => navigate('/forget/step2')} />;
  };

  return (
    <div className={styles.page}>
      <div className={styles.pageTitle}>
        <h1>找回密码</h1>
        <span>
          想起密码了？<Link to="/login">立即登录</Link>
        </span>
      </div>
      <div className={styles.steps} data-testid="forget-steps">
        <Steps
          current={step - 1}
          status={step === 3 ? 'finish' : 'process'}
          items={[{ title: '验证手机号' }, { title: '设置新密码' }, { title: '重置成功' }]}
        />
      </div>
      {content()}
    </div>
  );
}
