import { App, Form, Input, Modal } from 'antd';
import { operatorPasswordBody, type Operator } from '@core/schemas/admin';
import { applyServerErrors, zodRule } from '@/lib/form';
import { useResetOperatorPassword } from '../api/reset-operator-password';

type Values = { password: string; confirm: string };

/** 重置密码: a new password set by an administrator; the operator's open sessions end at once. */
export function PasswordModal({ operator, onClose }: { operator: Operator | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const reset = useResetOperatorPassword();
  const { message } = App.useApp();

  const submit = async ({ password }: Values) => {
    if (!operator) return;
    try {
      await reset.mutateAsync({ id: operator.id, password });
      void message.success(`已重置 ${operator.username} 的密码，其已登录的会话已失效`);
      onClose();
    } catch (e) {
      const rest = applyServerErrors(form, e);
      if (rest.length) void message.error(rest[0]);
    }
  };

  return (
    <Modal
      open={Boolean(operator)}
      title={`重置密码 ${operator?.username ?? ''}`}
      okText="重置密码"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={reset.isPending}
      destroyOnHidden
    >
      <p className="yct-admin-modal-note">重置后，该操作员已登录的会话立即失效，需使用新密码重新登录。</p>
      <Form form={form} layout="vertical" onFinish={submit} data-testid="password-form">
        <Form.Item name="password" label="新密码" rules={[zodRule(operatorPasswordBody.shape.password)]} extra="6-20位，须同时包含字母和数字">
          <Input.Password autoComplete="new-password" maxLength={20} data-testid="operator-new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: async (_rule, value) => {
                if (value && value !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={20} data-testid="operator-confirm-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
