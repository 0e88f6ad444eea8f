/** What a buyer sees when a call fails, behind one small interface so tests can record it. */
import { message, Modal } from 'antd';

export type AlertOptions = {
  title: string;
  content: string;
  /** Text of the single button (default 确定). */
  okText?: string;
  onOk?: () => void;
  /** Called once the alert has gone, however it was closed. */
  afterClose?: () => void;
};

export type UiAdapter = {
  /** A short toast with the error icon. */
  toastError: (text: string) => void;
  /** A modal alert with one button. */
  alert: (options: AlertOptions) => void;
  /** Goes to an in-app path such as `/login?redirect=...` or `/dzht`. */
  navigate: (path: string) => void;
  /** Reloads the page. */
  reload: () => void;
};

export const defaultUiAdapter: UiAdapter = {
  toastError: (text) => {
    void message.error(text);
  },
  alert: ({ title, content, okText = '确定', onOk, afterClose }) => {
    Modal.warning({ title, content, okText, onOk, afterClose, centered: true });
  },
  navigate: (path) => {
    window.location.assign(path);
  },
  reload: () => {
    window.location.reload();
  },
};
