import { AppstoreOutlined, RightOutlined } from '@ant-design/icons';
import type { PlatformMenus } from '@/shared/menus';
import s from './platform-card.module.css';

const KIND_TEXT: Record<string, string> = {
  'one-form': '一表通 · 数据一次填报、多方复用',
  normal: '综合服务 · 办事、审批与个人中心',
};

/** One platform the user may enter: its picture, name, what it is, and the way in. */
export function PlatformCard({
  platform,
  onChoose,
  busy,
}: {
  platform: PlatformMenus;
  onChoose: (p: PlatformMenus) => void;
  busy: boolean;
}) {
  const isPicture = /^(\/|https?:\/\/|data:image\/)/.test(platform.icon);
  return (
    <button
      type="button"
      className={s.card}
      onClick={() => onChoose(platform)}
      disabled={busy}
      aria-label={`进入${platform.platform_name}`}
    >
      <span className={s.icon}>{isPicture ? <img src={platform.icon} alt="" /> : <AppstoreOutlined />}</span>
      <span className={s.name}>{platform.platform_name}</span>
      <span className={s.desc}>{KIND_TEXT[platform.kind] ?? KIND_TEXT.normal}</span>
      <span className={s.enter}>
        进入平台 <RightOutlined />
      </span>
    </button>
  );
}
