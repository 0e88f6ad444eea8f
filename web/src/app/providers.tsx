import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useMemo, type ReactNode } from 'react';
import { useReducedMotion } from '@/lib/reduced-motion';
import { queryClient } from './query-client';
import { theme } from './theme';

dayjs.locale('zh-cn');

/**
 * Query cache, antd in Chinese with the site theme, and antd's App context for message and modal. A buyer whose
 * system asks for less motion gets antd without its animations (dialogs, drawers and messages appear at once).
 */
export function Providers({ children }: { children: ReactNode }) {
  const reduced = useReducedMotion();
  const siteTheme = useMemo(() => (reduced ? { ...theme, token: { ...theme.token, motion: false } } : theme), [reduced]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN} theme={siteTheme}>
        <AntApp message={{ maxCount: 3, top: 80 }} className="yct-app">
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
