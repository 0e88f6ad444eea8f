/** Registration step 1 (设置登录信息): phone, SMS code, username, password, agreement. */
import { LockOutlined, MobileOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, type FormRule } from 'antd';
import type { z } from 'zod';
import { registerStep1Body, type RegisteredStep1 } from '@core/schemas/user';
import { isMobile } from '@core/validate';
import { applyServerErrors, zodRule } from '@/lib/form';
import { SmsCodeButton } from '@/ui/SmsCodeButton';
import { isPhoneRegistered } from '../api/check-phone';
import { useRegisterStep1 } from '../api/register';
import styles from '../auth.module.css';

/** The form's fields: the step's body, with the agreement as the checkbox holds it. */
type Values = Pick<z.output<typeof registerStep1Body>, 'phone' | 'code' | 'username' | 'password' | 'password_confirmation'> & { agree: boolean };

type Props = {
  /** The headquarters' user id when a chain adds a sub-store. */
  parent?: number;
  /** A scanned WeChat ticket to bind to the new account. */
  wechatTicket?: string;
  onDone: (result: RegisteredStep1) => void;
};

const shape = registerStep1Body.shape;
const PHONE_TAKEN = '该手机号已注册';

const phoneFree: FormRule = {
  validateTrigger: 'onBlur',
  validator: async (_rule, value: unknown) => {
    const phone = typeof value === 'string' ? value.trim() : '';
    if (!isMobile(phone)) return;
    if ((await isPhoneRegistered(phone)) === true) throw new Error(PHONE_TAKEN);
  },
};

export const confirmPasswordRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    if (!value) throw new Error('请再次输入密码');
    if (value !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
  },
});

const agreeRule: FormRule = {
  validator: async (_rule, value: unknown) => {
    if (value !== true) throw new Error('请阅读并同意《用户注册协议》');
  },
};

export function RegisterStep1Form({ parent, wechatTicket, onDone }: Props) {
  const [form] = Form.useForm<Values>();
  const mutation = useRegisterStep1();

  const onFinish = async (values: Values) => {
    try {
      const result = await mutation.mutateAsync({
        phone: values.phone.trim(),
        code: values.code.trim(),
        username: values.username.trim(),
        password: values.password,
        password_confirmation: values.password_confirmation,
        agree: 1,
        ...(parent ? { parent } : {}),
        ...(wechatTicket ? { wechat_ticket: wechatTicket } : {}),
      });
      onDone(result);
    } catch (error) {
      applyServerErrors(form, error, (field) => (field === 'wechat_ticket' || field === 'parent' ? null : [field]));
    }
  };

  const stopIfTaken = async (phone: string) => {
    if ((await isPhoneRegistered(phone)) !== true) return true;
    form.setFields([{ name: 'phone', errors: [PHONE_TAKEN] }]);
    return false;
  };

  return (
    <Form<Values>
      form={form}
      className={styles.formBox}
      labelCol={{ flex: '110px' }}
      wrapperCol={{ flex: '1', style: { minWidth: 0 } }}
      size="large"
      onFinish={onFinish}
      initialValues={{ agree: false }}
      autoComplete="off"
      requiredMark
    >
      <Form.Item label="手机号" name="phone" required validateTrigger={['onChange', 'onBlur']} validateFirst rules={[zodRule(shape.phone), phoneFree]}>
        <Input
          prefix={<MobileOutlined />}
          placeholder={parent ? '请输入门店负责人手机号' : '请输入手机号，注册后可用于登录'}
          maxLength={11}
          inputMode="numeric"
          data-testid="register-phone"
        />
      </Form.Item>
      <Form.Item label="短信验证码" required>
        <div className={styles.codeRow}>
          <Form.Item name="code" noStyle rules={[zodRule(shape.code)]}>
            <Input prefix={<SafetyCertificateOutlined />} placeholder="请输入6位验证码" maxLength={6} inputMode="numeric" data-testid="register-code" />
          </Form.Item>
          <SmsCodeButton form={form} type="register" testId="register-send-code" beforeSend={stopIfTaken} />
        </div>
      </Form.Item>
      <Form.Item label="用户名" name="username" required rules={[zodRule(shape.username)]} extra="4-20位字母、数字、下划线或横线，以字母开头">
        <Input prefix={<UserOutlined />} placeholder="请设置用户名" maxLength={20} data-testid="register-username" />
      </Form.Item>
      <Form.Item label="登录密码" name="password" required rules={[zodRule(shape.password)]} extra="6-20位，须同时包含字母和数字">
        <Input.Password prefix={<LockOutlined />} placeholder="请设置登录密码" maxLength={20} autoComplete="new-password" data-testid="register-password" />
      </Form.Item>
      <Form.Item label="确认密码" name="password_confirmation" required dependencies={['password']} rules={[confirmPasswordRule]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="请再次输入登录密码"
          maxLength={20}
          autoComplete="new-password"
          data-testid="register-password2"
        />
      </Form.Item>
      <Form.Item label=" " colon={false} name="agree" valuePropName="checked" rules={[agreeRule]}>
        <Checkbox data-testid="register-agree" className={styles.agreement}>
          我已阅读并同意
          <a href="/help/xrzn/hyzc?id=66" target="_blank" rel="noreferrer">
            《用户注册协议》
          </a>
        </Checkbox>
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" block loading={mutation.isPending} data-testid="register-next">
          {parent ? '下一步，填写门店信息' : '下一步，填写企业信息'}
        </Button>
      </Form.Item>
    </Form>
  );
}
