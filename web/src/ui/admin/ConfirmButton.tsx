/**
 * A button whose action asks first: a small pop-over by default, or a centred dialog (`modal`) for actions
 * that move money or stock. The button shows it is busy while the action runs; a failed action has shown
 * its message already (lib/admin/http.ts), so the question simply closes.
 */
import { App, Button, Popconfirm, type ButtonProps } from 'antd';
import { useState, type ReactNode } from 'react';

type Props = Omit<ButtonProps, 'onClick' | 'loading' | 'title'> & {
  title: ReactNode;
  description?: ReactNode;
  onConfirm: () => Promise<unknown> | unknown;
  modal?: boolean;
  okText?: string;
};

export function ConfirmButton({ title, description, onConfirm, modal: asModal = false, okText = '确定', danger, children, ...button }: Props) {
  const { modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      // Shown by the call itself.
    } finally {
      setBusy(false);
    }
  };

  if (asModal) {
    const ask = () => modal.confirm({ title, content: description, okText, cancelText: '取消', centered: true, okButtonProps: { danger }, onOk: run });
    return (
      <Button {...button} danger={danger} loading={busy} onClick={ask}>
        {children}
      </Button>
    );
  }
  return (
    <Popconfirm title={title} description={description} okText={okText} cancelText="取消" okButtonProps={{ danger }} onConfirm={run}>
      <Button {...button} danger={danger} loading={busy}>
        {children}
      </Button>
    </Popconfirm>
  );
}
