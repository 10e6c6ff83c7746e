import { App, ConfigProvider, message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { MESSAGE_TOP } from '@/shared/constants';
import { createQueryClient } from './query-client';
import { useSession } from '../session/store';
import { setToaster, type Toaster } from './toast';

dayjs.locale('zh-cn');

type Messages = Pick<MessageInstance, 'error' | 'warning' | 'success' | 'info' | 'destroy'>;

/** Core toasts through an antd message instance. */
export const antdToaster = (m: Messages): Toaster => ({
  error: (content) => void m.error(content),
  warning: (content) => void m.warning(content),
  success: (content) => void m.success(content),
  info: (content) => void m.info(content),
  destroy: () => m.destroy(),
});

// The desktop's toasts are antd's: the static instance until the App context's is mounted.
staticMessage.config({ top: MESSAGE_TOP });
setToaster(antdToaster(staticMessage));

/** Routes core toasts through the App context, so they follow the theme. */
function ToastBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    setToaster(antdToaster(message));
    return () => setToaster(antdToaster(staticMessage));
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
