import { App, ConfigProvider, message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ThemeConfig } from 'antd';
import { MESSAGE_TOP } from '@/shared/constants';
import { createQueryClient } from './query-client';
import { useSession } from '../session/store';
import { setToaster, type Toaster } from './toast';
import { readablePrimary } from './contrast';

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

/**
 * The antd theme: the organisation's primary colour, darkened where white text on it or it as
 * text would read below 4.5:1 (WCAG AA); secondary texts (descriptions, breadcrumbs, statistics'
 * titles), red and green texts dark enough to read on white and the page's light grey.
 */
export function themeOf(primaryColor: string | undefined): ThemeConfig {
  const primary = readablePrimary(primaryColor || '#1677ff');
  return {
    token: {
      colorPrimary: primary,
      colorLink: primary,
      colorInfo: primary,
      colorInfoBg: '#e6f4ff',
      colorInfoBorder: '#91caff',
      colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
      colorTextDescription: 'rgba(0, 0, 0, 0.6)',
      colorTextQuaternary: 'rgba(0, 0, 0, 0.55)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
      // empty tables and disabled controls still read (WCAG exempts the latter, but people read both)
      colorTextDisabled: 'rgba(0, 0, 0, 0.55)',
      // status texts (tags, messages, form errors) on their light backgrounds
      colorError: '#cf1322',
      colorErrorBg: '#fff2f0',
      colorErrorBorder: '#ffccc7',
      colorSuccess: '#237804',
      colorSuccessBg: '#f6ffed',
      colorSuccessBorder: '#b7eb8f',
      colorWarning: '#874d00',
      colorWarningBg: '#fffbe6',
      colorWarningBorder: '#ffe58f',
    },
  };
}

export function AppProviders({ children, queryClient }: { children?: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const primaryColor = useSession((s) => s.theme?.primaryColor);
  const theme = useMemo(() => themeOf(primaryColor), [primaryColor]);
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <App message={{ top: MESSAGE_TOP }}>
        <ToastBridge />
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
