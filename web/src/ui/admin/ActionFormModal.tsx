/**
 * One action on an order, a request, an invoice... as a small form over the page (Medusa's focused forms): checked
 * in the browser with the server's own schema, optionally asked once more (`confirm`, for money), sent, and on 422
 * the Chinese message shown under its field. Other failures have been shown by the console's HTTP client already.
 * `ReasonPicks` under a reason field fills it with one of the usual reasons.
 */
import { App, Button, Form, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { applyServerErrors } from '@/lib/form';
import './admin-ui.css';

type Props<V, R> = {
  open: boolean;
  title: ReactNode;
  okText: string;
  /** The button that closes it unsent; 返回 where the action itself is a 取消. */
  cancelText?: string;
  danger?: boolean;
  initialValues?: Partial<V>;
  onClose: () => void;
  submit: (values: V) => Promise<R>;
  /** Words shown after it went through, from what was sent and what the server answered. */
  done: (values: V, answer: R) => string;
  /** A last question before sending (what money moves, and where). */
  confirm?: (values: V) => { title: ReactNode; content: ReactNode };
  /** What the form is about, above its fields. */
  note?: ReactNode;
  children: ReactNode;
  width?: number;
  /** `{testId}-form` on the form, `{testId}-save` on its button. */
  testId?: string;
};

export function ActionFormModal<V extends object, R = unknown>({
  open,
  title,
  okText,
  cancelText = '取消',
  danger,
  initialValues,
  onClose,
  submit,
  done,
  confirm,
  note,
  children,
  width = 520,
  testId,
}: Props<V, R>) {
  const [form] = Form.useForm<V>();
  const { message, modal } = App.useApp();
  const [sending, setSending] = useState(false);

  const send = async (values: V) => {
    setSending(true);
    try {
      void message.success(done(values, await submit(values)));
      onClose();
    } catch (e) {
      const left = applyServerErrors(form, e);
      if (left.length) void message.error(left[0]);
    } finally {
      setSending(false);
    }
  };

  const finish = (values: V) => {
    if (!confirm) return send(values);
    const question = confirm(values);
    modal.confirm({ ...question, okText, cancelText, centered: true, okButtonProps: { danger }, onOk: () => send(values) });
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ danger, ...(testId ? { 'data-testid': `${testId}-save` } : {}) }}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      confirmLoading={sending}
      destroyOnHidden
      width={width}
      maskClosable={false}
    >
      {note ? <div className="yct-admin-action__note">{note}</div> : null}
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={finish} data-testid={testId && `${testId}-form`}>
        {children}
      </Form>
    </Modal>
  );
}

/** The usual reasons under a reason field: one click writes it into the field (and clears its error). */
export function ReasonPicks({ reasons, name = 'reason' }: { reasons: readonly string[]; name?: string }) {
  const form = Form.useFormInstance();
  return (
    <div className="yct-admin-action__reasons">
      {reasons.map((r) => (
        <Button
          key={r}
          size="small"
          onClick={() => {
            form.setFieldValue(name, r);
            form.validateFields([name]).catch(() => undefined);
          }}
        >
          {r}
        </Button>
      ))}
    </div>
  );
}
