/**
 * The console's 新增 / 编辑 dialog around one form: the title names what is edited, 添加 or 保存 submits the form
 * (its rules first), and the server's answer either closes it with a message or shows under each field it names;
 * what names no field of the form shows as a message. The form's fields are the children.
 */
import { App, Form, Modal, type FormInstance, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { applyServerErrors, dottedPath, type FieldPath } from '@/lib/form';

type Props<V> = {
  /** What is edited, as the title says it: 新增{noun}, 编辑{noun}：{name}. */
  noun: string;
  open: boolean;
  /** The name of what is edited; null for a new one. */
  editing: string | null;
  form: FormInstance<V>;
  saving: boolean;
  /** Sends the values; resolves to the message that says it is done, rejects with the server's answer. */
  onSave: (values: V) => Promise<string>;
  onClose: () => void;
  /** Where a server field shows in the form; by default its dotted key as a path (`items.1.goods_id`). */
  mapField?: (field: string) => FieldPath | null;
  width: number;
  labelWidth?: number;
  /** `{testId}-form` on the form, `{testId}-save` on its button. */
  testId: string;
  initialValues?: FormProps<V>['initialValues'];
  children: ReactNode;
};

export function EditModal<V>({
  noun,
  open,
  editing,
  form,
  saving,
  onSave,
  onClose,
  mapField = dottedPath,
  width,
  labelWidth = 96,
  testId,
  initialValues,
  children,
}: Props<V>) {
  const { message } = App.useApp();
  const submit = async (values: V) => {
    try {
      void message.success(await onSave(values));
      onClose();
    } catch (e) {
      const left = applyServerErrors(form, e, mapField);
      if (left.length) void message.error(left[0]);
    }
  };
  return (
    <Modal
      open={open}
      title={editing === null ? `新增${noun}` : `编辑${noun}：${editing}`}
      okText={editing === null ? '添加' : '保存'}
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      width={width}
      okButtonProps={{ 'data-testid': `${testId}-save` }}
    >
      <Form<V>
        form={form}
        labelCol={{ flex: `${labelWidth}px` }}
        wrapperCol={{ flex: 'auto' }}
        initialValues={initialValues}
        onFinish={(v) => void submit(v)}
        style={{ marginTop: 16 }}
        data-testid={`${testId}-form`}
      >
        {children}
      </Form>
    </Modal>
  );
}
