import { useState } from 'react';
import { Button, Form, InputNumber, Radio, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { routeCatalog } from '@/core/routing/catalog';
import {
  MAX_SHORTCUTS,
  SHORTCUT_ICONS,
  TITLE_MAX,
  type HomeModule,
  type Shortcut,
} from '@/modules/site-settings/contract';
import { ImageField } from './image-field';
import { ShortcutIcon } from '@/core/ui/shortcut-icon';
import { TextInput } from '@/core/ui/text-input';

/** Pages a shortcut may open: the app's routes without parameters (the server checks the same). */
const pageOptions = () =>
  routeCatalog()
    .routes.filter((r) => !r.path.includes(':') && r.area !== 'top')
    .map((r) => ({ value: r.path, label: `${r.title}（${r.path}）` }));
const ICON_OPTIONS = SHORTCUT_ICONS.map((n) => ({
  value: n,
  label: (
    <Space>
      <ShortcutIcon name={n} />
      {n.replace('Outlined', '')}
    </Space>
  ),
}));
const HTTP_URL = /^https?:\/\/\S+$/;
const moduleTitleRules = [
  { required: true, whitespace: true, message: '请输入模块标题' },
  { max: 20, message: '不能超过 20 个字' },
];

type Item = Shortcut & { target?: 'path' | 'url' };

/** The list a shortcut group's form holds: `target` says which of path / url is used. */
const toItems = (items: Shortcut[]): Item[] => items.map((it) => ({ ...it, target: it.url ? 'url' : 'path' }));
const fromItems = (items: Item[] | undefined): Shortcut[] =>
  (items ?? []).filter(Boolean).map(({ target, ...it }) => ({
    title: it.title ?? '',
    icon: it.icon ?? 'AppstoreOutlined',
    path: target === 'url' ? '' : (it.path ?? ''),
    url: target === 'url' ? (it.url ?? '') : '',
  }));

function ShortcutItems() {
  return (
    <Form.List
      name="items"
      rules={[
        {
          validator: async (_, v: unknown[]) => {
            if ((v?.length ?? 0) > MAX_SHORTCUTS) throw new Error(`最多 ${MAX_SHORTCUTS} 个`);
          },
        },
      ]}
    >
      {(fields, { add, remove, move }, { errors }) => (
        <>
          {fields.map((f, i) => (
            <div key={f.key} style={{ padding: 12, marginBottom: 12, border: '1px solid #f0f0f0', borderRadius: 6 }}>
              <Space align="baseline" wrap>
                <Form.Item
                  name={[f.name, 'title']}
                  rules={[
                    { required: true, whitespace: true, message: '请输入名称' },
                    { max: 20, message: '不能超过 20 个字' },
                  ]}
                  style={{ marginBottom: 8 }}
                >
                  <TextInput placeholder="名称" style={{ width: 150 }} aria-label={`第 ${i + 1} 项名称`} />
                </Form.Item>
                <Form.Item name={[f.name, 'icon']} initialValue="AppstoreOutlined" style={{ marginBottom: 8 }}>
                  <Select options={ICON_OPTIONS} style={{ width: 170 }} aria-label={`第 ${i + 1} 项图标`} />
                </Form.Item>
                <Button
                  size="small"
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={`上移第 ${i + 1} 项`}
                >
                  上移
                </Button>
                <Button
                  size="small"
                  disabled={i === fields.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={`下移第 ${i + 1} 项`}
                >
                  下移
                </Button>
                <Button
                  type="text"
                  danger
                  icon={<MinusCircleOutlined />}
                  onClick={() => remove(f.name)}
                  aria-label={`删除第 ${i + 1} 项`}
                />
              </Space>
              <Space align="baseline" wrap>
                <Form.Item name={[f.name, 'target']} initialValue="path" style={{ marginBottom: 0 }}>
                  <Radio.Group
                    options={[
                      { value: 'path', label: '站内页面' },
                      { value: 'url', label: '外部链接' },
                    ]}
                  />
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {({ getFieldValue }) =>
                    getFieldValue(['items', f.name, 'target']) === 'url' ? (
                      <Form.Item
                        name={[f.name, 'url']}
                        rules={[
                          { required: true, message: '请输入链接' },
                          { pattern: HTTP_URL, message: '链接须以 http:// 或 https:// 开头' },
                        ]}
                        style={{ marginBottom: 0 }}
                      >
                        <TextInput placeholder="https://" style={{ width: 320 }} />
                      </Form.Item>
                    ) : (
                      <Form.Item
                        name={[f.name, 'path']}
                        rules={[{ required: true, message: '请选择页面' }]}
                        style={{ marginBottom: 0 }}
                      >
                        <Select
                          showSearch
                          options={pageOptions()}
                          placeholder="选择页面"
                          style={{ width: 320 }}
                          optionFilterProp="label"
                        />
                      </Form.Item>
                    )
                  }
                </Form.Item>
              </Space>
            </div>
          ))}
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            disabled={fields.length >= MAX_SHORTCUTS}
            onClick={() => add({ title: '', icon: 'AppstoreOutlined', path: '', url: '', target: 'path' })}
          >
            添加服务（{fields.length}/{MAX_SHORTCUTS}）
          </Button>
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}

/** The settings of one module; every change goes straight to the page's list (and its preview). */
export function ModuleEditor({ module, onChange }: { module: HomeModule; onChange: (m: HomeModule) => void }) {
  const [form] = Form.useForm();
  // The form is the source while editing; the page remounts it (key) when another module is chosen.
  const [initial] = useState(() =>
    module.kind === 'shortcuts' || module.kind === 'topAffairs' ? { ...module, items: toItems(module.items) } : module,
  );
  const changed = (_: unknown, all: Record<string, unknown>) => {
    const next = { ...module, ...all } as HomeModule;
    if (next.kind === 'shortcuts' || next.kind === 'topAffairs') next.items = fromItems(all.items as Item[]);
    onChange(next);
  };
  return (
    <Form
      name="module-editor"
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={changed}
      validateTrigger={['onChange', 'onBlur']}
    >
      {module.kind === 'banner' && (
        <>
          <Form.Item
            label="标题"
            name="title"
            extra="留空显示前台标题"
            rules={[{ max: TITLE_MAX, message: `不能超过 ${TITLE_MAX} 个字` }]}
          >
            <TextInput />
          </Form.Item>
          <Form.Item label="副标题" name="subtitle" rules={[{ max: 60, message: '不能超过 60 个字' }]}>
            <TextInput />
          </Form.Item>
          <Form.Item label="背景图片" name="picture" extra="留空使用默认渐变背景；建议 1920×220">
            <ImageField purpose="login" label="横幅图片" previewHeight={60} />
          </Form.Item>
          {module.picture && (
            <Button
              size="small"
              onClick={() => {
                form.setFieldValue('picture', '');
                onChange({ ...module, picture: '' });
              }}
            >
              移除图片
            </Button>
          )}
        </>
      )}
      {(module.kind === 'notices' || module.kind === 'news') && (
        <Form.Item
          label="模块标题"
          name="title"
          rules={moduleTitleRules}
          extra={`显示最新发布的${module.kind === 'notices' ? '通知公告' : '新闻动态'}`}
        >
          <TextInput />
        </Form.Item>
      )}
      {module.kind === 'hotQuestions' && (
        <>
          <Form.Item label="模块标题" name="title" rules={moduleTitleRules} extra="显示智能助手中浏览最多的问题">
            <TextInput />
          </Form.Item>
          <Form.Item label="显示条数" name="limit" rules={[{ required: true, message: '请填写条数' }]}>
            <InputNumber min={3} max={12} precision={0} />
          </Form.Item>
        </>
      )}
      {module.kind === 'specialServices' && (
        <Form.Item label="模块标题" name="title" rules={moduleTitleRules} extra="显示办事大厅已发布的专题服务">
          <TextInput />
        </Form.Item>
      )}
      {module.kind === 'search' && (
        <Form.Item
          label="搜索框提示"
          name="placeholder"
          rules={[{ max: 40, message: '不能超过 40 个字' }]}
          extra="全站搜索：办事事项、通知公告、新闻、帮助、常见问题和表单（支持拼音首字母），结果在搜索页中按类别显示"
        >
          <TextInput placeholder="搜索服务事项" />
        </Form.Item>
      )}
      {(module.kind === 'shortcuts' || module.kind === 'topAffairs') && (
        <>
          <Form.Item label="模块标题" name="title" rules={moduleTitleRules}>
            <TextInput />
          </Form.Item>
          {module.kind === 'topAffairs' && (
            <p style={{ color: 'rgba(0,0,0,.45)' }}>
              不添加事项时，按办事大厅的办理量自动排行（只显示访问者可见的事项）；添加后按下方顺序固定展示。
            </p>
          )}
          <ShortcutItems />
        </>
      )}
    </Form>
  );
}
