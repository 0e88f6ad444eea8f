/**
 * /zhzx/basic 基本信息: the company as registered, the contact person, login phone and e-mail the buyer may change
 * (updateUserInfo: a new phone needs the code sent to it and the current password), the password change
 * (resetPassword) that logs out every other device, and the payment password (支付密码).
 */
import '../account.css';
import { Button, Descriptions, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { email, mobile, personName, smsCode } from '@core/schemas/common';
import { resetPasswordBody } from '@core/schemas/user';
import type { UserBase } from '@core/schemas/user';
import { isApiError } from '@/api/client';
import { applyServerErrors, zodRule } from '@/lib/form';
import { useUserBase } from '@/lib/session/get-user-base';
import { useToast } from '@/lib/use-toast';
import { SmsCodeButton } from '@/ui/SmsCodeButton';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { RequireAccount } from '@/ui/account/RequireAccount';
import { useResetPassword, useUpdateUserInfo, type PasswordInput, type UserInfoInput } from '../api/profile';
import { PayPasswordSection } from '../components/PayPasswordSection';

const PASSED: Record<number, { text: string; color: string }> = {
  0: { text: '资质审核中', color: 'orange' },
  1: { text: '已认证', color: 'green' },
  2: { text: '审核未通过', color: 'red' },
};

function Profile({ user }: { user: UserBase }) {
  const passed = PASSED[user.is_passed] ?? PASSED[0];
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      className="yct-basic__desc"
      data-testid="basic-profile"
      items={[
        { key: 'username', label: '用户名', children: user.username },
        { key: 'rank', label: '会员等级', children: <span className="yct-basic__rank">{user.rank || '普通会员'}</span> },
        { key: 'company', label: '企业名称', children: user.company || '未填写' },
        { key: 'type', label: '企业类型', children: user.company_type || '未填写' },
        { key: 'address', label: '企业地址', children: user.address || '未填写', span: 2 },
        {
          key: 'passed',
          label: '认证状态',
          children: (
            <Tag color={passed.color} className="yct-basic__tag">
              {passed.text}
            </Tag>
          ),
        },
        { key: 'wechat', label: '微信', children: user.wechat ? `已绑定（${user.wechat}）` : '未绑定' },
      ]}
    />
  );
}

const optionalEmail = {
  validator: async (_rule: unknown, value?: string) => {
    const result = value ? email().safeParse(value) : null;
    if (result && !result.success) throw new Error(result.error.issues[0]?.message);
  },
};

function InfoForm({ user }: { user: UserBase }) {
  const [form] = Form.useForm<UserInfoInput>();
  const update = useUpdateUserInfo();
  const toast = useToast();
  const [error, setError] = useState('');
  const phone = Form.useWatch('phone', form);
  const phoneChanges = typeof phone === 'string' && phone.trim() !== user.phone;
  const submit = (values: UserInfoInput) => {
    setError('');
    update.mutate(
      {
        name: values.name,
        phone: values.phone,
        ...(values.email ? { email: values.email } : {}),
        ...(phoneChanges ? { code: values.code, password: values.password } : {}),
      },
      {
        onSuccess: () => void toast.success(phoneChanges ? '登录手机号已更换，原手机号已收到通知短信' : '基本信息已保存'),
        onError: (e) => {
          const rest = applyServerErrors(form, e);
          if (isApiError(e) && e.code === 422) setError(rest[0] ?? '');
        },
      },
    );
  };
  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ flex: '90px' }}
      className="yct-basic__form"
      initialValues={{ name: user.name, phone: user.phone, email: user.email }}
      onFinish={submit}
      onValuesChange={() => setError('')}
      data-testid="basic-form"
    >
      <Form.Item label="联系人" name="name" rules={[zodRule(personName())]} required>
        <Input maxLength={20} placeholder="请输入联系人姓名" data-testid="basic-name" />
      </Form.Item>
      <Form.Item
        label="手机号"
        name="phone"
        rules={[zodRule(mobile('手机号'))]}
        required
        extra={phoneChanges ? '更换登录手机号需验证新手机号，并输入当前登录密码' : '手机号用于登录和找回密码'}
      >
        <Input maxLength={11} placeholder="请输入手机号" data-testid="basic-phone" />
      </Form.Item>
      {phoneChanges ? (
        <>
          <Form.Item label="短信验证码" required>
            <div className="yct-basic__code">
              <Form.Item name="code" noStyle rules={[zodRule(smsCode())]}>
                <Input maxLength={6} placeholder="新手机号收到的验证码" autoComplete="one-time-code" data-testid="basic-code" />
              </Form.Item>
              <SmsCodeButton form={form} type="update" size="middle" testId="basic-send-code" />
            </div>
          </Form.Item>
          <Form.Item label="登录密码" name="password" rules={[{ required: true, message: '请输入登录密码' }]} required>
            <Input.Password maxLength={20} placeholder="当前登录密码" autoComplete="current-password" data-testid="basic-password" />
          </Form.Item>
        </>
      ) : null}
      <Form.Item label="邮箱" name="email" rules={[optionalEmail]}>
        <Input maxLength={64} placeholder="选填，用于接收电子发票" data-testid="basic-email" />
      </Form.Item>
      {error ? (
        <p className="yct-form-error" role="alert" data-testid="basic-error">
          {error}
        </p>
      ) : null}
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="basic-submit">
          保存修改
        </Button>
      </Form.Item>
    </Form>
  );
}

function PasswordForm() {
  const [form] = Form.useForm<PasswordInput>();
  const reset = useResetPassword();
  const toast = useToast();
  const shape = resetPasswordBody.shape;
  const submit = (values: PasswordInput) =>
    reset.mutate(values, {
      onSuccess: () => {
        form.resetFields();
        void toast.success('密码已修改，其他设备上的登录已退出');
      },
      onError: (e) => void applyServerErrors(form, e),
    });
  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ flex: '90px' }}
      className="yct-basic__form"
      onFinish={submit}
      data-testid="password-form"
      autoComplete="off"
    >
      <Form.Item label="原密码" name="old_password" rules={[zodRule(shape.old_password)]} required>
        <Input.Password maxLength={20} autoComplete="current-password" data-testid="password-old" />
      </Form.Item>
      <Form.Item label="新密码" name="password" rules={[zodRule(shape.password)]} required extra="6-20位，须同时包含字母和数字">
        <Input.Password maxLength={20} autoComplete="new-password" data-testid="password-new" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="password_confirmation"
        dependencies={['password']}
        required
        rules={[
          zodRule(shape.password_confirmation),
          ({ getFieldValue }) => ({
            validator: async (_r, v: string) => {
              if (v && v !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
            },
          }),
        ]}
      >
        <Input.Password maxLength={20} autoComplete="new-password" data-testid="password-confirm" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={reset.isPending} data-testid="password-submit">
          修改密码
        </Button>
        <span className="yct-basic__hint">修改后，其他设备上的登录将全部退出</span>
      </Form.Item>
    </Form>
  );
}

function Basic() {
  const { data: user } = useUserBase();
  if (!user) return null;
  return (
    <div className="yct-basic" data-testid="basic-page">
      <section className="yct-acct-sec">
        <h2 className="yct-acct-sec__title">企业信息</h2>
        <Profile user={user} />
      </section>
      <div className="yct-basic__cols">
        <section className="yct-acct-sec">
          <h2 className="yct-acct-sec__title">联系信息</h2>
          {/* A new form when the saved values change, so that it starts from them. */}
          <InfoForm key={`${user.id}-${user.name}-${user.phone}-${user.email}`} user={user} />
        </section>
        <section className="yct-acct-sec">
          <h2 className="yct-acct-sec__title">修改密码</h2>
          {user.actor ? <p className="yct-muted">正在代门店采购，请返回总部账号后再修改密码。</p> : <PasswordForm />}
        </section>
      </div>
      <PayPasswordSection key={user.has_pay_password} user={user} />
    </div>
  );
}

export default function BasicInfoPage() {
  return (
    <AccountLayout title="基本信息">
      <RequireAccount>
        <Basic />
      </RequireAccount>
    </AccountLayout>
  );
}
