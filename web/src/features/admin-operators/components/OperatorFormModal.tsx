/**
 * 新增操作员 and 编辑 in one modal: username and first password only when adding; name and roles always.
 * The browser checks each field with the schema the server uses; the server's 422 messages stand under
 * their fields too.
 */
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { operatorCreateBody, operatorUpdateBody, type AdminMe, type Operator } from '@core/schemas/admin';
import { applyServerErrors, zodRule } from '@/lib/form';
import { useCreateOperator } from '../api/create-operator';
import { useUpdateOperator } from '../api/update-operator';
import { RoleField } from './RoleField';

type Values = { username: string; name: string; password: string; roles: string[] };
type Props = { me: AdminMe; operator: Operator | 'new' | null; onClose: () => void };

/** `roles.0` (one role of the list) stands under the roles field. */
const fieldOf = (field: string) => [field.split('.')[0]];

export function OperatorFormModal({ me, operator, onClose }: Props) {
  const [form] = Form.useForm<Values>();
  const create = useCreateOperator();
  const update = useUpdateOperator();
  const { message } = App.useApp();
  const adding = operator === 'new';
  const editing = operator && operator !== 'new' ? operator : null;

  useEffect(() => {
    if (!operator) return;
    form.resetFields();
    if (editing) form.setFieldsValue({ name: editing.name, roles: editing.roles });
  }, [form, operator, editing]);

  const submit = async (values: Values) => {
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, name: values.name, roles: values.roles, is_disabled: editing.is_disabled });
        void message.success(`已保存操作员 ${values.name}`);
      } else {
        await create.mutateAsync(values);
        void message.success(`已添加操作员 ${values.username}`);
      }
      onClose();
    } catch (e) {
      const rest = applyServerErrors(form, e, fieldOf);
      if (rest.length) void message.error(rest[0]);
    }
  };

  return (
    <Modal
      open={Boolean(operator)}
      title={adding ? '新增操作员' : `编辑操作员 ${editing?.username ?? ''}`}
      okText={adding ? '添加' : '保存'}
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      width={560}
    >
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '84px' }}
        wrapperCol={{ flex: 'auto' }}
        onFinish={submit}
        requiredMark
        data-testid="operator-form"
        style={{ marginTop: 16 }}
      >
        {adding ? (
          <Form.Item name="username" label="用户名" rules={[zodRule(operatorCreateBody.shape.username)]} extra="3-32位小写字母、数字、下划线或横线，字母开头">
            <Input placeholder="如 zhangsan" autoComplete="off" maxLength={32} data-testid="operator-username" />
          </Form.Item>
        ) : (
          <Form.Item label="用户名">{editing?.username}</Form.Item>
        )}
        <Form.Item name="name" label="姓名" rules={[zodRule(operatorUpdateBody.shape.name)]}>
          <Input placeholder="真实姓名" maxLength={20} data-testid="operator-name" />
        </Form.Item>
        {adding ? (
          <Form.Item name="password" label="初始密码" rules={[zodRule(operatorCreateBody.shape.password)]} extra="6-20位，含字母和数字；请通过安全渠道告知本人">
            <Input.Password autoComplete="new-password" maxLength={20} data-testid="operator-password" />
          </Form.Item>
        ) : null}
        <RoleField me={me} />
      </Form>
    </Modal>
  );
}
