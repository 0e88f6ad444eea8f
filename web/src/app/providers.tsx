import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';
import { theme } from './theme';

dayjs.locale('zh-cn');

/** Query cache, antd in Chinese with the site theme, and antd's App context for message and modal. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN} theme={theme}>
        <AntApp message={{ maxCount: 3, top: 80 }} className="yct-app">
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
