/**
 * Setting or changing the payment password (支付密码): the code sent to the account's own phone (获取验证码 with
 * its countdown), then six digits twice. The account centre shows it, and so do the pay dialogs for a buyer who
 * has none yet or forgot it. Checked with the server's own schema; the server's 422 messages land under their fields.
 */
import './pay-password.css';
import { Button, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { newPayPassword, smsCode } from '@core/schemas/common';
import type { UserBase } from '@core/schemas/user';
import { applyServerErrors, zodRule } from '@/lib/form';
import { useSetPayPassword } from '@/lib/pay-password';
import { PayPasswordInput } from './PayPasswordInput';
import { SmsCodeButton } from './SmsCodeButton';

type Values = { phone: string; code: string; password: string; password_confirmation: string };

type Props = {
  user: Pick<UserBase, 'phone'>;
  submitText: string;
  /** Called once the server has taken the new password, with it (to pay with it at once). */
  onDone: (password: string, user: UserBase) => void;
  /** Beside the submit button (a cancel button in a dialog). */
  extra?: ReactNode;
  /** The label column's width: the account centre lines it up with its other forms. */
  labelWidth?: number;
  testId?: string;
};

const maskPhone = (phone: string) => (phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);

export function SetPayPasswordForm({ user, submitText, onDone, extra, labelWidth = 96, testId = 'paypwd-form' }: Props) {
  const [form] = Form.useForm<Values>();
  const save = useSetPayPassword();
  const submit = (values: Values) =>
    save.mutate(
      { password: values.password, code: values.code.trim() },
      {
        onSuccess: (next) => {
          form.resetFields();
          onDone(values.password, next);
        },
        onError: (e) => void applyServerErrors(form, e),
      },
    );
  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ flex: `${labelWidth}px` }}
      className="yct-paypwd-form"
      initialValues={{ phone: user.phone }}
      onFinish={submit}
      autoComplete="off"
      data-testid={testId}
    >
      {/* 获取验证码 reads the phone from the form; the code goes only to the account's own phone. */}
      <Form.Item name="phone" hidden>
        <Input />
      </Form.Item>
      <Form.Item label="手机号">
        <span className="yct-paypwd-form__phone" data-testid="paypwd-phone">
          {maskPhone(user.phone)}
        </span>
        <span className="yct-paypwd-form__note">验证码将发送至账号绑定的手机</span>
      </Form.Item>
      <Form.Item label="短信验证码" required>
        <div className="yct-paypwd-form__code">
          <Form.Item name="code" noStyle rules={[zodRule(smsCode())]}>
            <Input maxLength={6} placeholder="6位短信验证码" autoComplete="one-time-code" inputMode="numeric" data-testid="paypwd-code" />
          </Form.Item>
          <SmsCodeButton form={form} type="pay_password" size="middle" testId="paypwd-send-code" />
        </div>
      </Form.Item>
      <Form.Item label="支付密码" name="password" rules={[zodRule(newPayPassword())]} required extra="6位数字，不能是相同或连续的数字">
        <PayPasswordInput compact testId="paypwd-new" label="新支付密码" />
      </Form.Item>
      <Form.Item
        label="确认支付密码"
        name="password_confirmation"
        dependencies={['password']}
        required
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_r, v?: string) => {
              if (!v) throw new Error('请再次输入支付密码');
              if (v !== getFieldValue('password')) throw new Error('两次输入的支付密码不一致');
            },
          }),
        ]}
      >
        <PayPasswordInput compact testId="paypwd-confirm" label="确认支付密码" />
      </Form.Item>
      <Form.Item label=" " colon={false} className="yct-paypwd-form__actions">
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="paypwd-submit">
          {submitText}
        </Button>
        {extra}
      </Form.Item>
    </Form>
  );
}
