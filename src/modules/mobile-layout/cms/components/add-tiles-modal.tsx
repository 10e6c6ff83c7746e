import { useState } from 'react';
import { Checkbox, Empty, Form, Modal, Tabs, Typography } from 'antd';
import { TextInput } from '@/core/ui/text-input';
import {
  cleanTitle,
  MOBILE_LAYOUT_LIMITS,
  TILE_URL_PATTERN,
  titleProblem,
  type LayoutTile,
  type MenuEntry,
  type MobileIcon,
} from '@/modules/mobile-layout/contract';
import { MobileIconSvg } from '@/modules/mobile-layout/mobile-icons';
import { tileColour } from '@/modules/mobile-layout/layout-view';
import { IconPicker } from './icon-picker';
import s from './layout-editor.module.css';

const clip = (t: string) => Array.from(cleanTitle(t)).slice(0, MOBILE_LAYOUT_LIMITS.title).join('') || '应用';

/** Add tiles to a group: some of the platform's menu entries, or one custom link. */
export function AddTilesModal({
  open,
  groupTitle,
  entries,
  present,
  room,
  onAdd,
  onClose,
}: {
  open: boolean;
  groupTitle: string;
  entries: readonly MenuEntry[];
  /** Route names the group already has (a page appears once a group). */
  present: ReadonlySet<string>;
  /** How many more tiles the group takes. */
  room: number;
  onAdd: (tiles: LayoutTile[]) => void;
  onClose: () => void;
}) {
  const [tab, setTab] = useState<'menu' | 'link'>('menu');
  const [picked, setPicked] = useState<string[]>([]);
  const [link, setLink] = useState<{ title: string; url: string; icon: MobileIcon }>({
    title: '',
    url: '',
    icon: 'link',
  });
  const [tried, setTried] = useState(false);

  const reset = () => {
    setPicked([]);
    setLink({ title: '', url: '', icon: 'link' });
    setTried(false);
    setTab('menu');
  };
  const titleError = titleProblem(link.title);
  const urlError = TILE_URL_PATTERN.test(link.url.trim()) ? null : '链接须以 http://、https:// 或 / 开头';
  const over = picked.length > room;

  const submit = () => {
    if (tab === 'menu') {
      if (!picked.length || over) return;
      onAdd(
        entries
          .filter((e) => picked.includes(e.name))
          .map((e) => ({ kind: 'menu', name: e.name, url: '', title: clip(e.title), icon: e.icon, badge: '' })),
      );
    } else {
      setTried(true);
      if (titleError || urlError || room < 1) return;
      onAdd([
        { kind: 'link', name: '', url: link.url.trim(), title: cleanTitle(link.title), icon: link.icon, badge: '' },
      ]);
    }
    reset();
  };

  return (
    <Modal
      open={open}
      title={`添加应用到「${groupTitle}」`}
      okText="添加"
      cancelText="取消"
      width={640}
      destroyOnHidden
      okButtonProps={{ disabled: tab === 'menu' ? !picked.length || over : room < 1 }}
      onOk={submit}
      onCancel={() => {
        reset();
        onClose();
      }}
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as 'menu' | 'link')}
        items={[
          {
            key: 'menu',
            label: '平台菜单页面',
            children: entries.length ? (
              <>
                <Checkbox.Group className={s.entryList} value={picked} onChange={(v) => setPicked(v as string[])}>
                  {entries.map((e) => (
                    <Checkbox key={e.name} value={e.name} disabled={present.has(e.name)} className={s.entry}>
                      <span className={s.entryIcon} style={{ background: tileColour(e.icon) }} aria-hidden>
                        <MobileIconSvg name={e.icon} size={16} />
                      </span>
                      {e.title}
                      <Typography.Text type="secondary" className={s.entryPath}>
                        {present.has(e.name) ? '已在该分组' : e.path}
                      </Typography.Text>
                    </Checkbox>
                  ))}
                </Checkbox.Group>
                {over && <Typography.Text type="danger">该分组最多还能添加 {room} 个应用</Typography.Text>}
              </>
            ) : (
              <Empty description="该平台的菜单中没有页面" />
            ),
          },
          {
            key: 'link',
            label: '自定义链接',
            children: (
              <Form layout="vertical" component="div">
                <Form.Item
                  label="名称"
                  required
                  validateStatus={tried && titleError ? 'error' : undefined}
                  help={tried && titleError ? titleError : '最多 12 个字'}
                >
                  <TextInput
                    aria-label="链接名称"
                    value={link.title}
                    maxLength={40}
                    onChange={(e) => setLink({ ...link, title: e.target.value })}
                  />
                </Form.Item>
                <Form.Item
                  label="链接"
                  required
                  validateStatus={tried && urlError ? 'error' : undefined}
                  help={tried && urlError ? urlError : '外部网址（http/https）或站内路径（以 / 开头）'}
                >
                  <TextInput
                    aria-label="链接地址"
                    value={link.url}
                    maxLength={500}
                    placeholder="https:// 或 /web/…"
                    onChange={(e) => setLink({ ...link, url: e.target.value })}
                  />
                </Form.Item>
                <Form.Item label="图标">
                  <IconPicker value={link.icon} onChange={(icon) => setLink({ ...link, icon })} />
                </Form.Item>
              </Form>
            ),
          },
        ]}
      />
    </Modal>
  );
}
