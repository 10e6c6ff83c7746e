import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  ColorPicker,
  ConfigProvider,
  Menu,
  Pagination,
  Progress,
  Skeleton,
  Space,
  Switch,
  Tag,
  Tooltip,
} from 'antd';
import { CheckOutlined, HomeOutlined, SettingOutlined } from '@ant-design/icons';
import { useSession } from '@/core/session/store';
import { toast } from '@/core/ui/toast';
import { getTheme, saveTheme } from '@/modules/org-config/api';
import { THEME_PRESETS } from '@/modules/site-settings/contract';
import s from './theme-tab.module.css';
import { TextInput } from '@/core/ui/text-input';

const HEX = /^#[0-9a-f]{6}$/i;

/** 主题色: a preset or any colour, previewed live; saving changes the whole app at once. */
export function ThemeTab() {
  const q = useQuery({ queryKey: ['site-settings', 'theme'], queryFn: () => getTheme().then((r) => r.data) });
  const [color, setColor] = useState<string | null>(null);
  useEffect(() => {
    if (q.data && color === null) setColor(q.data.primaryColor);
  }, [q.data, color]);
  const save = useMutation({
    mutationFn: (primaryColor: string) => saveTheme({ primaryColor }).then((r) => r.data),
    onSuccess: (theme) => {
      useSession.getState().setTheme(theme);
      toast.success('主题色已保存');
    },
  });
  if (q.isPending || color === null) return <Skeleton active />;
  const valid = HEX.test(color);
  const current = q.data?.primaryColor.toLowerCase();

  return (
    <div className={s.layout}>
      <div>
        <div className={s.label}>预设主题色</div>
        <div className={s.presets} role="radiogroup" aria-label="预设主题色">
          {THEME_PRESETS.map((p) => (
            <Tooltip key={p.color} title={`${p.name} ${p.color}`}>
              <button
                type="button"
                role="radio"
                aria-checked={color.toLowerCase() === p.color}
                aria-label={p.name}
                className={s.swatch}
                style={{ background: p.color }}
                onClick={() => setColor(p.color)}
              >
                {color.toLowerCase() === p.color && <CheckOutlined />}
              </button>
            </Tooltip>
          ))}
        </div>
        <div className={s.label}>自定义颜色</div>
        <Space>
          <ColorPicker
            value={valid ? color : undefined}
            disabledAlpha
            format="hex"
            onChange={(c) => setColor(c.toHexString())}
          />
          <TextInput
            value={color}
            onChange={(e) => setColor(e.target.value.trim())}
            style={{ width: 120 }}
            aria-label="颜色值"
            status={valid ? undefined : 'error'}
          />
        </Space>
        {!valid && <div className={s.error}>请输入 #RRGGBB 格式的颜色</div>}
        <div className={s.actions}>
          <Button
            type="primary"
            disabled={!valid || color.toLowerCase() === current}
            loading={save.isPending}
            onClick={() => save.mutate(color)}
          >
            保存主题色
          </Button>
          <Button disabled={color.toLowerCase() === current} onClick={() => setColor(q.data!.primaryColor)}>
            还原
          </Button>
        </div>
        <p className={s.note}>保存后，桌面端与移动端的所有页面都使用新的主题色。</p>
      </div>
      <ConfigProvider theme={{ token: { colorPrimary: valid ? color : current } }}>
        <Card title="实时预览" className={s.preview} size="small">
          <Menu
            mode="horizontal"
            selectedKeys={['home']}
            items={[
              { key: 'home', icon: <HomeOutlined />, label: '首页' },
              { key: 'set', icon: <SettingOutlined />, label: '系统设置' },
            ]}
          />
          <Space wrap className={s.row}>
            <Button type="primary">主要按钮</Button>
            <Button>次要按钮</Button>
            <Button type="link">链接按钮</Button>
            <Switch defaultChecked />
            <Tag color={valid ? color : current}>标签</Tag>
          </Space>
          <Progress percent={68} className={s.row} />
          <Alert type="info" showIcon title="这是一条提示信息" className={s.row} />
          <Pagination total={50} defaultCurrent={2} size="small" className={s.row} />
        </Card>
      </ConfigProvider>
    </div>
  );
}
