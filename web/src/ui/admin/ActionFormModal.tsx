/**
 * One action on an order or request as a small form over the page (Medusa's focused forms): checked in the browser
 * with the server's own schema, optionally asked once more (`confirm`, for money), sent, and on 422 the Chinese
 * message shown under its field. Other failures have been shown by the console's HTTP client already.
 */
import { App, Form, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { applyServerErrors } from '@/lib/form';

type Props<V> = {
  open: boolean;
  title: ReactNode;
  okText: string;
  danger?: boolean;
  initialValues?: Partial<V>;
  onClose: () => void;
  submit: (values: V) => Promise<unknown>;
  /** Words shown after it went through. */
  done: (values: V) => string;
  /** A last question before sending (what money moves, and where). */
  confirm?: (values: V) => { title: ReactNode; content: ReactNode };
  /** What the form is about, above its fields. */
  note?: ReactNode;
  children: ReactNode;
  width?: number;
  'data-testid'?: string;
};

export function ActionFormModal<V extends object>({
  open,
  title,
  okText,
  danger,
  initialValues,
  onClose,
  submit,
  done,
  confirm,
  note,
  children,
  width = 520,
  ...rest
}: Props<V>) {
  const [form] = Form.useForm<V>();
  const { message, modal } = App.useApp();
  const [sending, setSending] = useState(false);

  const send = async (values: V) => {
    setSending(true);
    try {
      await submit(values);
      void message.success(done(values));
      onClose();
    } catch (e) {
      const rest = applyServerErrors(form, e);
      if (rest.length) void message.error(rest[0]);
    } finally {
      setSending(false);
    }
  };

  const finish = (values: V) => {
    if (!confirm) return send(values);
    const question = confirm(values);
    modal.confirm({ ...question, okText, cancelText: '取消', centered: true, okButtonProps: { danger }, onOk: () => send(values) });
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger }}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={sending}
      destroyOnHidden
      width={width}
      maskClosable={false}
    >
      {note ? <div className="yct-admin-orders__modal-note">{note}</div> : null}
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={finish} data-testid={rest['data-testid']}>
        {children}
      </Form>
    </Modal>
  );
}
