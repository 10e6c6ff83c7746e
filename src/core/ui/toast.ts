import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { MESSAGE_TOP } from '../../shared/constants';

/**
 * The toasts of core (request errors, guard messages). The static antd `message` works
 * anywhere; AppProviders swaps in the App context's instance so toasts follow the theme.
 */
export interface Toaster {
  error(content: string): void;
  warning(content: string): void;
  success(content: string): void;
  info(content: string): void;
  destroy(): void;
}

message.config({ top: MESSAGE_TOP });

const fromInstance = (m: Pick<MessageInstance, 'error' | 'warning' | 'success' | 'info' | 'destroy'>): Toaster => ({
  error: (content) => void m.error(content),
  warning: (content) => void m.warning(content),
  success: (content) => void m.success(content),
  info: (content) => void m.info(content),
  destroy: () => m.destroy(),
});

const staticToaster = (): Toaster => fromInstance(message);

let current: Toaster = staticToaster();

/** Use a hook-aware instance (App.useApp().message); null restores the static one. */
export function setToastInstance(m: Pick<MessageInstance, 'error' | 'warning' | 'success' | 'info' | 'destroy'> | null): void {
  current = m ? fromInstance(m) : staticToaster();
}

export const toast: Toaster = {
  error: (c) => current.error(c),
  warning: (c) => current.warning(c),
  success: (c) => current.success(c),
  info: (c) => current.info(c),
  destroy: () => current.destroy(),
};

/** Earlier toasts are dismissed before an error shows (spec section 8). */
export function showError(content: string): void {
  toast.destroy();
  toast.error(content);
}
