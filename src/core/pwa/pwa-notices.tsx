import { Alert, Button } from 'antd';
import { useSyncExternalStore } from 'react';
import type { UpdateController } from './update-controller';

export const UPDATE_READY_TEXT = '新版本已就绪';
export const OFFLINE_TEXT = '网络已断开';

const subscribeOnline = (cb: () => void) => {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
};
const noUpdates = () => () => undefined;

/**
 * The app-wide notices of the PWA, bottom right above the page: a new version waiting (with
 * 重新加载) and the network being gone (the page shows what the service worker cached).
 */
export function PwaNotices({ updates }: { updates?: UpdateController | null }) {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  const ready = useSyncExternalStore(updates ? updates.subscribe : noUpdates, () => updates?.updateReady() ?? false, () => false);
  if (online && !ready) return null;
  return (
    <div style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 1100, display: 'flex', flexDirection: 'column', gap: 8, maxWidth: 'calc(100vw - 32px)' }}>
      {!online && <Alert type="warning" showIcon title={OFFLINE_TEXT} description="当前显示的是离线缓存的页面，恢复网络后数据才会更新。" />}
      {ready && (
        <Alert
          type="info"
          showIcon
          title={UPDATE_READY_TEXT}
          description="系统已更新，重新加载后使用新版本。"
          action={<Button type="primary" size="small" onClick={() => updates?.applyUpdate()}>重新加载</Button>}
        />
      )}
    </div>
  );
}
