import { useEffect, useMemo, useState } from 'react';
import {
  App,
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Tag,
  Tree,
  Typography,
} from 'antd';
import type { TreeProps } from 'antd';
import { DeleteOutlined, FolderAddOutlined, PlusOutlined, SaveOutlined, SyncOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getMenuTree, listRoutes, saveMenuTree, syncMenuRoutes } from '@/modules/platform-config/api';
import { MENU_ICON_NAMES, type MenuScope } from '@/modules/platform-config/contract';
import {
  addGroup,
  addRoute,
  findNode,
  flatten,
  fromEditor,
  isGroup,
  mapNodes,
  moveNode,
  removeNode,
  toEditor,
  type EditorNode,
} from './tree-ops';
import s from './menu-tree-editor.module.css';
import { TextInput } from '@/core/ui/text-input';

const ICON_OPTIONS = MENU_ICON_NAMES.map((n) => ({ value: n, label: n }));

interface TreeItem {
  key: string;
  title: React.ReactNode;
  children: TreeItem[];
}

/**
 * Edits one menu tree — a platform's web menu or the back office's — against the app's real
 * routes: drag to reorder or re-parent, add a page (once) or a group, re-title, pick an icon,
 * delete, then save the whole tree. Saved nodes keep their ids, so role grants survive.
 */
export function MenuTreeEditor({ scope, platformId }: { scope: MenuScope; platformId?: number }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const treeKey = ['platform-config', 'menu-tree', scope, platformId ?? null];
  const tree = useQuery({ queryKey: treeKey, queryFn: () => getMenuTree({ scope, platformId }).then((r) => r.data) });
  const routes = useQuery({
    queryKey: ['platform-config', 'routes'],
    queryFn: () => listRoutes().then((r) => r.data),
    staleTime: Infinity,
  });
  const [nodes, setNodes] = useState<EditorNode[]>([]);
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [routeToAdd, setRouteToAdd] = useState<string | null>(null);
  const [form] = Form.useForm<{ title: string; icon: string | null }>();

  useEffect(() => {
    if (tree.data) {
      setNodes(toEditor(tree.data));
      setDirty(false);
      setSelected(null);
    }
  }, [tree.data]);

  const change = (next: EditorNode[]) => {
    setNodes(next);
    setDirty(true);
  };

  const present = useMemo(() => new Set(flatten(nodes).map((n) => n.name)), [nodes]);
  const pages = useMemo(() => (routes.data ?? []).filter((r) => r.area === scope && r.menu), [routes.data, scope]);
  const routeOptions = pages.map((r) => ({
    value: r.name,
    label: `${r.title}（${r.path}）${present.has(r.name) ? ' · 已在菜单中' : ''}`,
    disabled: present.has(r.name),
  }));
  const current = selected ? findNode(nodes, selected) : undefined;

  useEffect(() => {
    if (current) form.setFieldsValue({ title: current.title, icon: current.icon });
  }, [current?.key]); // eslint-disable-line react-hooks/exhaustive-deps -- refill only when another node is chosen

  const onAddRoute = () => {
    const route = pages.find((r) => r.name === routeToAdd);
    if (!route) return;
    const res = addRoute(nodes, route, selected ?? undefined);
    if (res.error) {
      message.error(res.error);
      return;
    }
    change(res.nodes);
    setSelected(res.key!);
    setRouteToAdd(null);
  };

  const onAddGroup = () => {
    const res = addGroup(nodes, '新分组');
    change(res.nodes);
    setSelected(res.key);
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    const pos = String(info.node.pos).split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    change(
      moveNode(
        nodes,
        String(info.dragNode.key),
        String(info.node.key),
        info.dropToGap,
        relative < 0 ? -1 : relative > 0 ? 1 : 0,
      ),
    );
  };

  const save = useMutation({
    mutationFn: () => saveMenuTree({ scope, platformId, nodes: fromEditor(nodes) }),
    onSuccess: (r) => {
      message.success('菜单已保存');
      qc.setQueryData(treeKey, r.data);
      void qc.invalidateQueries({ queryKey: ['platform-config', 'permission-tree'] });
    },
  });
  const sync = useMutation({
    mutationFn: () => syncMenuRoutes({ scope, platformId }),
    onSuccess: async (r) => {
      message.success(r.data.added.length ? `已添加 ${r.data.added.length} 个页面` : '没有需要添加的页面');
      await qc.invalidateQueries({ queryKey: treeKey });
    },
  });

  const items = (list: EditorNode[]): TreeItem[] =>
    list.map((n) => ({
      key: n.key,
      title: (
        <span>
          {n.title}
          <Typography.Text type="secondary" className={s.path}>
            {isGroup(n) ? '分组' : n.path}
          </Typography.Text>
        </span>
      ),
      children: items(n.children),
    }));

  if (tree.isPending) return <Skeleton active />;

  return (
    <div>
      <div className={s.toolbar}>
        <Select
          aria-label="选择要添加的页面"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="选择要添加的页面"
          style={{ width: 360 }}
          value={routeToAdd}
          onChange={setRouteToAdd}
          options={routeOptions}
          loading={routes.isPending}
        />
        <Button icon={<PlusOutlined />} disabled={!routeToAdd} onClick={onAddRoute}>
          添加页面
        </Button>
        <Button icon={<FolderAddOutlined />} onClick={onAddGroup}>
          添加分组
        </Button>
        <Button
          icon={<SyncOutlined />}
          disabled={dirty}
          loading={sync.isPending}
          onClick={() => sync.mutate()}
          title={dirty ? '请先保存当前修改' : undefined}
        >
          补全新页面
        </Button>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          disabled={!dirty}
          loading={save.isPending}
          onClick={() => save.mutate()}
        >
          保存菜单
        </Button>
      </div>
      {dirty && <Alert type="warning" showIcon title="菜单有未保存的修改" style={{ marginBottom: 12 }} />}
      <div className={s.body}>
        <div className={s.tree}>
          {nodes.length ? (
            <Tree
              draggable={{ icon: false }}
              blockNode
              defaultExpandAll
              treeData={items(nodes)}
              selectedKeys={selected ? [selected] : []}
              onSelect={(keys) => setSelected(keys.length ? String(keys[0]) : null)}
              onDrop={onDrop}
            />
          ) : (
            <Empty description="菜单为空：从上方添加页面或分组" />
          )}
        </div>
        <Card size="small" title="菜单项">
          {!current ? (
            <Typography.Text type="secondary">选择左侧的菜单项进行编辑；拖动菜单项可调整顺序和层级。</Typography.Text>
          ) : (
            <Form
              name="menu-tree-editor"
              form={form}
              layout="vertical"
              onValuesChange={(_, v) =>
                change(mapNodes(nodes, current.key, (n) => ({ ...n, title: v.title ?? '', icon: v.icon ?? null })))
              }
            >
              <Form.Item
                label="标题"
                name="title"
                rules={[
                  { required: true, whitespace: true, message: '请输入标题' },
                  { max: 50, message: '标题不能超过 50 个字符' },
                ]}
              >
                <TextInput maxLength={50} />
              </Form.Item>
              <Form.Item label="图标" name="icon">
                <Select allowClear showSearch options={ICON_OPTIONS} placeholder="默认图标" />
              </Form.Item>
              <Form.Item label={isGroup(current) ? '分组' : '页面'}>
                <Typography.Text code>
                  {isGroup(current) ? current.name : `${current.name} ${current.path}`}
                </Typography.Text>
              </Form.Item>
              {current.relationRoutes.length > 0 && (
                <Form.Item label="关联页面">
                  <Space wrap>
                    {current.relationRoutes.map((r) => (
                      <Tag key={r}>{r}</Tag>
                    ))}
                  </Space>
                </Form.Item>
              )}
              <Popconfirm
                title="删除菜单项"
                description={
                  current.children.length
                    ? '将同时删除其下所有菜单项，已授予角色的权限也会一并删除。'
                    : '已授予角色的该菜单权限也会一并删除。'
                }
                okText="删除"
                cancelText="取消"
                okButtonProps={{ danger: true }}
                onConfirm={() => {
                  change(removeNode(nodes, current.key));
                  setSelected(null);
                }}
              >
                <Button danger icon={<DeleteOutlined />}>
                  删除
                </Button>
              </Popconfirm>
            </Form>
          )}
        </Card>
      </div>
    </div>
  );
}
