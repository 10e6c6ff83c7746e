import { useSyncExternalStore } from 'react';
import s from '../ui/plain.module.css';
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
 * The app-wide notices of the PWA (kit-free, both shells), bottom right above the page: a new version waiting (with
 * 重新加载) and the network being gone (the page shows what the service worker cached).
 */
export function PwaNotices({ updates }: { updates?: UpdateController | null }) {
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const ready = useSyncExternalStore(
    updates ? updates.subscribe : noUpdates,
    () => updates?.updateReady() ?? false,
    () => false,
  );
  if (online && !ready) return null;
  return (
    <div className={s.notices}>
      {!online && (
        <div className={s.notice} data-kind="warning" role="alert">
          <div className={s.noticeBody}>
            <div className={s.noticeTitle}>{OFFLINE_TEXT}</div>
            <div className={s.noticeText}>当前显示的是离线缓存的页面，恢复网络后数据才会更新。</div>
          </div>
        </div>
      )}
      {ready && (
        <div className={s.notice} role="status">
          <div className={s.noticeBody}>
            <div className={s.noticeTitle}>{UPDATE_READY_TEXT}</div>
            <div className={s.noticeText}>系统已更新，重新加载后使用新版本。</div>
          </div>
          <button type="button" className={s.button} onClick={() => updates?.applyUpdate()}>
            重新加载
          </button>
        </div>
      )}
    </div>
  );
}
