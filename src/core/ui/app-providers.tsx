import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { MESSAGE_TOP } from '../../shared/constants';
import { HttpError } from '../http';
import { useSession } from '../session/store';
import { setToastInstance } from './toast';

dayjs.locale('zh-cn');

/** Server data lives in TanStack Query; a non-ok answer is final, a lost connection is retried once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => count < 1 && error instanceof HttpError && error.status === 0,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** Routes core toasts through the App context, so they follow the theme. */
function ToastBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    setToastInstance(message);
    return () => setToastInstance(null);
  }, [message]);
  return null;
}

export function AppProviders({ children, queryClient }: { children?: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const primaryColor = useSession((s) => s.theme?.primaryColor);
  return (
    <ConfigProvider locale={zhCN} theme={primaryColor ? { token: { colorPrimary: primaryColor } } : undefined}>
      <App message={{ top: MESSAGE_TOP }}>
        <ToastBridge />
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
