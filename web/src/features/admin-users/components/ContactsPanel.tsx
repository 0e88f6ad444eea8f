/** 专属客服 (user:write): up to five contacts with name and mobile, exactly one of them the default. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Radio, Space } from 'antd';
import { useEffect } from 'react';
import { contactsBody, type AdminUserDetail } from '@core/schemas/admin-users';
import { applyServerErrors, zodRule } from '@/lib/form';
import { useCan } from '@/lib/admin/me';
import { useSetContacts } from '../api/users';

type Values = { contacts: { name: string; phone: string }[]; primary: number };
const contact = contactsBody.shape.contacts.unwrap().unwrap().element.shape;

export function ContactsPanel({ user }: { user: AdminUserDetail }) {
  const mayWrite = useCan('user:write');
  const save = useSetContacts(user.id);
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  useEffect(() => {
    form.setFieldsValue({
      contacts: user.contacts.map((c) => ({ name: c.name, phone: c.phone })),
      primary: Math.max(
        0,
        user.contacts.findIndex((c) => c.is_default === 1),
      ),
    });
  }, [form, user]);
  const submit = async (v: Values) => {
    const list = v.contacts ?? [];
    try {
      await save.mutateAsync({ contacts: list.map((c, i) => ({ name: c.name, phone: c.phone, is_default: i === v.primary ? 1 : 0 })) });
      void message.success('专属客服已保存，客户将收到变更通知');
    } catch (e) {
      const rest = applyServerErrors(form, e, (f) => {
        const [, index, field] = f.split('.');
        return field ? ['contacts', Number(index), field] : null;
      });
      if (rest.length) void message.error(rest[0]);
    }
  };
  return (
    <Form form={form} onFinish={submit} disabled={!mayWrite} data-testid="contacts-form">
      <Form.Item name="primary" noStyle>
        <Radio.Group style={{ display: 'block' }}>
          <Form.List name="contacts">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, i) => (
                  <Space key={field.key} align="baseline" style={{ display: 'flex', marginBottom: 4 }}>
                    <Form.Item name={[field.name, 'name']} rules={[zodRule(contact.name)]}>
                      <Input placeholder="姓名" style={{ width: 140 }} maxLength={20} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'phone']} rules={[zodRule(contact.phone)]}>
                      <Input placeholder="手机号" style={{ width: 160 }} maxLength={11} />
                    </Form.Item>
                    <Radio value={i}>默认</Radio>
                    {mayWrite ? <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label="删除" /> : null}
                  </Space>
                ))}
                {mayWrite && fields.length < 5 ? (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', phone: '' })} style={{ width: 360, marginBottom: 12 }}>
                    添加专属客服
                  </Button>
                ) : null}
                {!fields.length ? <p className="yct-muted">未设置专属客服，客户将看到平台客服热线。</p> : null}
              </>
            )}
          </Form.List>
        </Radio.Group>
      </Form.Item>
      {mayWrite ? (
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="contacts-save">
          保存
        </Button>
      ) : null}
    </Form>
  );
}
