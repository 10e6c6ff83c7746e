import { Button, Form, Select, Switch, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { TextInput } from '@/core/ui/text-input';
import { TILE_URL_PATTERN, titleProblem, type LayoutTile, type MenuEntry } from '@/modules/mobile-layout/contract';
import { IconPicker } from './icon-picker';
import type { EditorGroup, EditorTile } from './layout-state';

/** The selected tile's settings: title, icon, unread badge, its link, its group. */
export function TileSettings({
  tile,
  group,
  groups,
  entries,
  onChange,
  onMoveTo,
  onRemove,
}: {
  tile: EditorTile;
  group: EditorGroup;
  groups: readonly EditorGroup[];
  entries: readonly MenuEntry[];
  onChange: (patch: Partial<LayoutTile>) => void;
  onMoveTo: (group: string) => void;
  onRemove: () => void;
}) {
  const titleError = titleProblem(tile.title);
  const urlError =
    tile.kind === 'link' && !TILE_URL_PATTERN.test(tile.url.trim()) ? '链接须以 http://、https:// 或 / 开头' : null;
  const entry = tile.kind === 'menu' ? entries.find((e) => e.name === tile.name) : undefined;
  return (
    <Form layout="vertical" component="div">
      <Form.Item
        label="名称"
        validateStatus={titleError ? 'error' : undefined}
        help={titleError ?? '手机上显示的名称，最多 12 个字'}
      >
        <TextInput
          aria-label="应用名称"
          value={tile.title}
          maxLength={40}
          onChange={(e) => onChange({ title: e.target.value })}
        />
      </Form.Item>
      {tile.kind === 'menu' ? (
        <Form.Item label="打开页面">
          <Typography.Text>{entry ? `${entry.title}（${entry.path}）` : tile.name}</Typography.Text>
        </Form.Item>
      ) : (
        <Form.Item
          label="链接"
          validateStatus={urlError ? 'error' : undefined}
          help={urlError ?? '外部网址（http/https）或站内路径（以 / 开头）'}
        >
          <TextInput
            aria-label="链接地址"
            value={tile.url}
            maxLength={500}
            placeholder="https:// 或 /web/…"
            onChange={(e) => onChange({ url: e.target.value.trim() })}
          />
        </Form.Item>
      )}
      <Form.Item label="图标">
        <IconPicker value={tile.icon} onChange={(icon) => onChange({ icon })} />
      </Form.Item>
      <Form.Item label="未读消息角标" help="开启后图标右上角显示用户的未读消息数">
        <Switch
          aria-label="显示未读消息数"
          checked={tile.badge === 'messages'}
          onChange={(on) => onChange({ badge: on ? 'messages' : '' })}
        />
      </Form.Item>
      <Form.Item label="所在分组">
        <Select
          aria-label="所在分组"
          value={group.key}
          style={{ width: '100%' }}
          options={groups.map((g, i) => ({ value: g.key, label: g.title || `第 ${i + 1} 个分组` }))}
          onChange={(key: string) => key !== group.key && onMoveTo(key)}
        />
      </Form.Item>
      <Button danger icon={<DeleteOutlined />} onClick={onRemove}>
        移除该应用
      </Button>
    </Form>
  );
}
