import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Dropdown, Empty, List, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { toast } from '@/core/ui/toast';
import { listPlatforms } from '@/modules/platform-config/api';
import { getHomeModules, saveHomeModules } from '@/modules/site-settings/api';
import { HOME_MODULE_KINDS, type HomeModule, type HomeModuleKind } from '@/modules/site-settings/contract';
import { HomePreview } from '../components/home-preview';
import { ModuleEditor } from '../components/module-editor';
import s from './homepage-modules-page.module.css';

const labelOf = (k: HomeModuleKind) => HOME_MODULE_KINDS.find((x) => x.kind === k)!.label;

function newModule(kind: HomeModuleKind): HomeModule {
  switch (kind) {
    case 'banner':
      return { kind, title: '', subtitle: '', picture: '' };
    case 'search':
      return { kind, placeholder: '搜索服务事项' };
    case 'notices':
      return { kind, title: '通知公告' };
    case 'news':
      return { kind, title: '新闻动态' };
    case 'shortcuts':
      return { kind, title: '服务直通车', items: [] };
    case 'topAffairs':
      return { kind, title: '热门事项', items: [] };
    case 'hotQuestions':
      return { kind, title: '热门问题', limit: 6 };
    case 'specialServices':
      return { kind, title: '特色服务' };
  }
}

const summaryOf = (m: HomeModule) => {
  if (m.kind === 'topAffairs' && m.items.length === 0) return `${m.title} · 按办理量自动排行`;
  if (m.kind === 'shortcuts' || m.kind === 'topAffairs') return `${m.title} · ${m.items.length} 项`;
  if (m.kind === 'hotQuestions') return `${m.title} · ${m.limit} 条`;
  if (m.kind === 'banner') return m.title || '（前台标题）';
  if (m.kind === 'search') return m.placeholder || '搜索服务事项';
  return m.title;
};

/** Move one entry of a list up (-1) or down (+1). */
export function moveItem<T>(list: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** /cms/systemSetting/homepageModules: which modules each home shows, in which order, with their settings. */
export default function HomepageModulesPage() {
  const qc = useQueryClient();
  const [scope, setScope] = useState('visitor');
  const platforms = useQuery({
    queryKey: ['site-settings', 'platforms'],
    queryFn: () => listPlatforms().then((r) => r.data),
  });
  const q = useQuery({
    queryKey: ['site-settings', 'home-modules', scope],
    queryFn: () => getHomeModules(scope).then((r) => r.data),
  });
  const [modules, setModules] = useState<HomeModule[] | null>(null);
  const [selected, setSelected] = useState(0);
  // Each edit session starts from what the server holds for the chosen scope.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (q.data) {
      setModules(q.data.modules);
      setSelected(0);
      setVersion((v) => v + 1);
    }
  }, [q.data]);
  const dirty = !!q.data && !!modules && JSON.stringify(q.data.modules) !== JSON.stringify(modules);

  const save = useMutation({
    mutationFn: (list: HomeModule[]) => saveHomeModules({ scope, modules: list }).then((r) => r.data),
    onSuccess: (data) => {
      qc.setQueryData(['site-settings', 'home-modules', scope], data);
      void qc.invalidateQueries({ queryKey: ['home', 'modules', scope] });
      toast.success('首页模块已保存');
    },
  });

  const list = modules ?? [];
  const present = new Set(list.map((m) => m.kind));
  const addable = HOME_MODULE_KINDS.filter((k) => k.repeatable || !present.has(k.kind));
  const update = (next: HomeModule[]) => setModules(next);
  const move = (i: number, by: -1 | 1) => {
    update(moveItem(list, i, by));
    if (selected === i) setSelected(i + by);
    else if (selected === i + by) setSelected(i);
  };
  const remove = (i: number) => {
    update(list.filter((_, j) => j !== i));
    setSelected((cur) => Math.max(0, cur > i ? cur - 1 : cur === i ? Math.min(cur, list.length - 2) : cur));
  };
  const current = list[selected];

  const scopeOptions = [
    { value: 'visitor', label: '访客首页（/home/index）' },
    ...(platforms.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name}（/web 首页）` })),
  ];

  return (
    <div className={s.page}>
      <Card>
        <Space wrap size={16}>
          <span>首页：</span>
          <Select
            aria-label="选择首页"
            value={scope}
            onChange={(v) => {
              setModules(null);
              setScope(v);
            }}
            options={scopeOptions}
            style={{ width: 320 }}
            loading={platforms.isPending}
          />
          {q.data && !q.data.own && (
            <Tag color="default">{scope === 'visitor' ? '使用默认设置' : '沿用访客首页设置'}</Tag>
          )}
          <Button
            type="primary"
            onClick={() => save.mutate(list)}
            loading={save.isPending}
            disabled={!modules || (!dirty && q.data?.own)}
          >
            保存
          </Button>
          <Button
            disabled={!dirty}
            onClick={() => {
              setModules(q.data!.modules);
              setSelected(0);
              setVersion((v) => v + 1);
            }}
          >
            撤销修改
          </Button>
          {dirty && <Typography.Text type="warning">有未保存的修改</Typography.Text>}
        </Space>
      </Card>
      <div className={s.columns}>
        <Card
          title="模块顺序"
          loading={!modules}
          extra={
            <Dropdown
              menu={{
                items: addable.map((k) => ({ key: k.kind, label: k.label })),
                onClick: ({ key }) => {
                  update([...list, newModule(key as HomeModuleKind)]);
                  setSelected(list.length);
                },
              }}
            >
              <Button icon={<PlusOutlined />} disabled={addable.length === 0}>
                添加模块
              </Button>
            </Dropdown>
          }
        >
          {list.length === 0 ? (
            <Empty description="没有模块，首页将是空白的" />
          ) : (
            <List
              dataSource={list}
              renderItem={(m, i) => (
                <List.Item
                  className={`${s.item} ${i === selected ? s.selected : ''}`}
                  onClick={() => setSelected(i)}
                  aria-label={`${i + 1}. ${labelOf(m.kind)}`}
                  actions={[
                    <Button
                      key="up"
                      size="small"
                      type="text"
                      icon={<ArrowUpOutlined />}
                      disabled={i === 0}
                      aria-label={`上移${labelOf(m.kind)}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        move(i, -1);
                      }}
                    />,
                    <Button
                      key="down"
                      size="small"
                      type="text"
                      icon={<ArrowDownOutlined />}
                      disabled={i === list.length - 1}
                      aria-label={`下移${labelOf(m.kind)}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        move(i, 1);
                      }}
                    />,
                    <Popconfirm
                      key="del"
                      title={`移除「${labelOf(m.kind)}」模块？`}
                      description="保存后首页不再显示该模块"
                      onConfirm={() => remove(i)}
                      okText="移除"
                      cancelText="取消"
                    >
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`移除${labelOf(m.kind)}`}
                        onClick={(e) => e.stopPropagation()}
                      />
                    </Popconfirm>,
                  ]}
                >
                  <List.Item.Meta
                    title={
                      <span>
                        <span className={s.index}>{i + 1}</span>
                        {labelOf(m.kind)}
                      </span>
                    }
                    description={summaryOf(m)}
                  />
                </List.Item>
              )}
            />
          )}
        </Card>
        <Card title={current ? `模块设置：${labelOf(current.kind)}` : '模块设置'}>
          {current ? (
            <ModuleEditor
              key={`${scope}-${version}-${selected}-${current.kind}`}
              module={current}
              onChange={(m) => update(list.map((x, j) => (j === selected ? m : x)))}
            />
          ) : (
            <Alert type="info" title="选择左侧的模块进行设置" />
          )}
        </Card>
        <Card title="实时预览">
          <HomePreview modules={list} />
        </Card>
      </div>
    </div>
  );
}
