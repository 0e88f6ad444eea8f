/**
 * Lets the HTTP client's toasts and alerts use the themed antd App context and the router's
 * navigation (no full page load). Call once in a component inside both antd `<App>` and the router.
 */
import { App } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setUiAdapter } from './client';
import { defaultUiAdapter } from './ui-adapter';

export function useHttpUi(): void {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    setUiAdapter({
      toastError: (text) => void message.error(text),
      alert: ({ title, content, okText = '确定', onOk, afterClose }) => modal.warning({ title, content, okText, onOk, afterClose, centered: true }),
      navigate: (path) => void navigate(path),
    });
    return () => setUiAdapter(defaultUiAdapter);
  }, [message, modal, navigate]);
}
