import { useState } from 'react';
import { ActionSheet, Toast } from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import type { PlatformMenus } from '@/shared/menus';
import { enterPlatform } from '@/modules/platform/api';

/**
 * Pick one of the user's platforms in an ActionSheet and enter it the way the desktop does
 * (platform api enterPlatform: session, logo config, choice_platform).
 */
export function PlatformPicker({
  visible,
  platforms,
  onClose,
  onEntered,
  closable = true,
}: {
  visible: boolean;
  platforms: PlatformMenus[];
  onClose: () => void;
  onEntered: (p: PlatformMenus) => void;
  /** false: the user must pick one (no platform chosen yet). */
  closable?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const pick = async (p: PlatformMenus) => {
    if (busy) return;
    setBusy(true);
    try {
      onEntered(await enterPlatform(p));
    } catch (e) {
      Toast.show({ icon: 'fail', content: e instanceof Error && e.message ? e.message : '进入平台失败' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <ActionSheet
      visible={visible}
      extra="请选择要进入的平台"
      cancelText={closable ? '取消' : undefined}
      closeOnMaskClick={closable}
      onClose={onClose}
      actions={platforms.map((p) => ({
        key: String(p.platform_id),
        text: p.platform_name,
        disabled: busy,
        onClick: () => void pick(p),
      }))}
    />
  );
}
