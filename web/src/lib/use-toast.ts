/** antd's message API from the `<App>` context when there is one (themed), else the static one. */
import { App, message as staticMessage } from 'antd';

export function useToast() {
  const { message } = App.useApp();
  return typeof message?.success === 'function' ? message : staticMessage;
}
