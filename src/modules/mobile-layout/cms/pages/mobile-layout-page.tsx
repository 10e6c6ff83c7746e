import { useEffect, useMemo, useReducer, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Alert,
  Button,
  Card,
  Empty,
  InputNumber,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { toast } from '@/core/ui/toast';
import { listPlatforms } from '@/modules/platform-config/api';
import { getHomeModules } from '@/modules/site-settings/api';
import { getMobileLayout, resetMobileLayout, saveMobileLayout } from '@/modules/mobile-layout/api';
import {
  MOBILE_LAYOUT_LIMITS,
  TILE_URL_PATTERN,
  titleProblem,
  type LayoutGroup,
  type MobileLayout,
} from '@/modules/mobile-layout/contract';
import { shortcutsGroup } from '@/modules/mobile-layout/home-shortcuts';
import { AddTilesModal } from '../components/add-tiles-modal';
import { GroupCard } from '../components/group-card';
import { dragEndAction, groupDndId, layoutReducer, toSaved, type EditorGroup } from '../components/layout-state';
import { PhonePreview } from '../components/phone-preview';
import { TileSettings } from '../components/tile-settings';
import s from './mobile-layout-page.module.css';

/** The first thing save/ would refuse, in the server's words, or null. */
export function firstProblem(groups: readonly LayoutGroup[]): string | null {
  for (const [i, g] of groups.entries()) {
    const gp = titleProblem(g.title);
    if (gp) return `第 ${i + 1} 个分组：${gp}`;
    for (const [j, t] of g.tiles.entries()) {
      const where = `分组「${g.title}」第 ${j + 1} 个应用`;
      const tp = titleProblem(t.title);
      if (tp) return `${where}：${tp}`;
      if (t.kind === 'link' && !TILE_URL_PATTERN.test(t.url.trim()))
        return `${where}：链接须以 http://、https:// 或 / 开头`;
    }
  }
  return null;
}

// A dragged group lands on groups only; a dragged tile on tiles (under the pointer) or a group's tile area.
const collision: CollisionDetection = (args) => {
  const isGroup = /^group:[^:]+$/.test(String(args.active.id));
  const targets = args.droppableContainers.filter((c) => {
    const id = String(c.id);
    return isGroup ? /^group:[^:]+$/.test(id) : id.startsWith('tile:') || id.endsWith(':tiles');
  });
  if (isGroup) return closestCenter({ ...args, droppableContainers: targets });
  const under = pointerWithin({ ...args, droppableContainers: targets });
  const tiles = under.filter((c) => String(c.id).startsWith('tile:'));
  if (tiles.length) return tiles;
  if (under.length) return under;
  return closestCenter({ ...args, droppableContainers: targets });
};

const layoutKey = (platformId: number | null) => ['mobile-layout', 'layout', platformId] as const;

/** /cms/mobileLayout/moduleConfig: each platform's phone home — groups of tiles, their order, icons and badges. */
export default function MobileLayoutPage() {
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const platforms = useQuery({
    queryKey: ['mobile-layout', 'platforms'],
    queryFn: () => listPlatforms().then((r) => r.data),
  });
  const [platformId, setPlatformId] = useState<number | null>(null);
  const firstPlatform = platforms.data?.[0]?.id ?? null;
  useEffect(() => {
    if (platformId === null && firstPlatform !== null) setPlatformId(firstPlatform);
  }, [platformId, firstPlatform]);

  const layout = useQuery({
    queryKey: layoutKey(platformId),
    enabled: platformId !== null,
    queryFn: () => getMobileLayout(platformId!).then((r) => r.data),
  });
  // The platform's homepage shortcuts: the phone shows them under the layout, so the preview does too.
  const home = useQuery({
    queryKey: ['mobile-layout', 'home-modules', platformId],
    enabled: platformId !== null,
    queryFn: () => getHomeModules(String(platformId), { silent: true }).then((r) => r.data.modules),
  });

  const [groups, dispatch] = useReducer(layoutReducer, [] as EditorGroup[]);
  const [selected, setSelected] = useState<{ group: string; tile: string } | null>(null);
  const [addingTo, setAddingTo] = useState<string | null>(null);
  const [unread, setUnread] = useState(3);
  const [landscape, setLandscape] = useState(false);

  // Each edit starts from what the server holds for the chosen platform.
  useEffect(() => {
    if (layout.data) {
      dispatch({ type: 'load', groups: layout.data.groups });
      setSelected(null);
    }
  }, [layout.data]);

  const saved = useMemo(() => toSaved(groups), [groups]);
  const baseline = useMemo(() => (layout.data ? JSON.stringify(toSaved(layout.data.groups)) : ''), [layout.data]);
  const dirty = !!layout.data && JSON.stringify(saved) !== baseline;

  const onSaved = (data: MobileLayout, text: string) => {
    qc.setQueryData(layoutKey(data.platformId), data);
    toast.success(text);
  };
  const save = useMutation({
    mutationFn: (body: { platformId: number; groups: LayoutGroup[] }) => saveMobileLayout(body).then((r) => r.data),
    onSuccess: (data) => onSaved(data, '移动端布局已保存'),
  });
  const reset = useMutation({
    mutationFn: (id: number) => resetMobileLayout(id).then((r) => r.data),
    onSuccess: (data) => onSaved(data, '已恢复默认布局'),
  });

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const action = dragEndAction(groups, String(active.id), over ? String(over.id) : null);
    if (!action) return;
    dispatch(action);
    if (action.type === 'moveTile' && selected?.tile === action.tile)
      setSelected({ group: action.toGroup, tile: action.tile });
  };

  const choosePlatform = (id: number) => {
    if (!dirty) return setPlatformId(id);
    modal.confirm({
      title: '切换平台？',
      content: '当前平台有未保存的修改，切换后将丢弃。',
      okText: '切换',
      cancelText: '取消',
      onOk: () => setPlatformId(id),
    });
  };
  const submit = () => {
    const problem = firstProblem(saved);
    if (problem) return toast.error(problem);
    save.mutate({ platformId: platformId!, groups: saved });
  };

  const entries = layout.data?.entries ?? [];
  const adding = groups.find((g) => g.key === addingTo);
  const selGroup = selected ? groups.find((g) => g.key === selected.group) : undefined;
  const selTile = selGroup?.tiles.find((t) => t.key === selected!.tile);
  const platformName = platforms.data?.find((p) => p.id === platformId)?.name ?? '首页';

  return (
    <div className={s.page}>
      <Card>
        <Space wrap size={16}>
          <span>平台：</span>
          <Select
            aria-label="选择平台"
            style={{ width: 280 }}
            loading={platforms.isPending}
            value={platformId ?? undefined}
            options={(platforms.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            onChange={choosePlatform}
          />
          {layout.data && (layout.data.own ? <Tag color="blue">已自定义</Tag> : <Tag>默认布局（平台菜单）</Tag>)}
          <Button
            type="primary"
            onClick={submit}
            loading={save.isPending}
            disabled={!layout.data || (!dirty && layout.data.own)}
          >
            保存
          </Button>
          <Button
            disabled={!dirty}
            onClick={() => layout.data && dispatch({ type: 'load', groups: layout.data.groups })}
          >
            撤销修改
          </Button>
          <Popconfirm
            title="恢复默认布局？"
            description="删除该平台的自定义布局，手机首页按平台菜单显示全部应用"
            okText="恢复默认"
            cancelText="取消"
            onConfirm={() => reset.mutate(platformId!)}
            disabled={!layout.data?.own}
          >
            <Button danger disabled={!layout.data?.own} loading={reset.isPending}>
              恢复默认
            </Button>
          </Popconfirm>
          {dirty && <Typography.Text type="warning">有未保存的修改</Typography.Text>}
        </Space>
      </Card>

      <div className={s.columns}>
        <Card
          title="分组与应用"
          loading={!layout.data && platformId !== null}
          extra={
            <Button
              icon={<PlusOutlined />}
              disabled={groups.length >= MOBILE_LAYOUT_LIMITS.groups}
              onClick={() => dispatch({ type: 'addGroup', title: `分组${groups.length + 1}` })}
            >
              添加分组
            </Button>
          }
        >
          <Typography.Paragraph type="secondary">
            拖动分组左侧的把手调整分组顺序，拖动应用调整顺序或移到其他分组；最多 {MOBILE_LAYOUT_LIMITS.groups}{' '}
            个分组，每组最多 {MOBILE_LAYOUT_LIMITS.tilesPerGroup} 个应用。
          </Typography.Paragraph>
          {groups.length === 0 ? (
            <Empty description="没有分组，手机首页将没有应用" />
          ) : (
            <DndContext sensors={sensors} collisionDetection={collision} onDragEnd={onDragEnd}>
              <SortableContext items={groups.map((g) => groupDndId(g.key))} strategy={verticalListSortingStrategy}>
                {groups.map((g, i) => (
                  <GroupCard
                    key={g.key}
                    group={g}
                    index={i}
                    count={groups.length}
                    dispatch={dispatch}
                    selectedTile={selected?.group === g.key ? selected.tile : null}
                    onSelectTile={(tile) => setSelected(tile ? { group: g.key, tile } : null)}
                    onAddTiles={() => setAddingTo(g.key)}
                    onMoveGroup={(by) => {
                      const other = groups[i + by];
                      if (other) dispatch({ type: 'moveGroup', from: g.key, to: other.key });
                    }}
                  />
                ))}
              </SortableContext>
            </DndContext>
          )}
        </Card>

        <Card title="应用设置">
          {selTile && selGroup ? (
            <TileSettings
              key={selTile.key}
              tile={selTile}
              group={selGroup}
              groups={groups}
              entries={entries}
              onChange={(patch) => dispatch({ type: 'updateTile', group: selGroup.key, tile: selTile.key, patch })}
              onMoveTo={(to) => {
                dispatch({
                  type: 'moveTile',
                  group: selGroup.key,
                  tile: selTile.key,
                  toGroup: to,
                  index: Number.MAX_SAFE_INTEGER,
                });
                setSelected({ group: to, tile: selTile.key });
              }}
              onRemove={() => {
                dispatch({ type: 'removeTile', group: selGroup.key, tile: selTile.key });
                setSelected(null);
              }}
            />
          ) : (
            <Alert type="info" title="点击左侧的应用，设置名称、图标和未读角标" />
          )}
        </Card>

        <Card title="手机预览" className={s.previewCard}>
          <div className={s.previewTools}>
            <Segmented
              aria-label="预览方向"
              value={landscape ? 'landscape' : 'portrait'}
              onChange={(v) => setLandscape(v === 'landscape')}
              options={[
                { value: 'portrait', label: '竖屏 360×740' },
                { value: 'landscape', label: '横屏 740×360' },
              ]}
            />
            <Space size={4}>
              <span>预览未读数</span>
              <InputNumber
                aria-label="预览未读数"
                min={0}
                max={999}
                value={unread}
                onChange={(v) => setUnread(v ?? 0)}
                style={{ width: 80 }}
              />
            </Space>
          </div>
          <PhonePreview
            title={platformName}
            groups={saved}
            shortcuts={shortcutsGroup(home.data ?? [])}
            unread={unread}
            landscape={landscape}
          />
        </Card>
      </div>

      {adding && (
        <AddTilesModal
          open
          groupTitle={adding.title || '新分组'}
          entries={entries}
          present={new Set(adding.tiles.filter((t) => t.kind === 'menu').map((t) => t.name))}
          room={MOBILE_LAYOUT_LIMITS.tilesPerGroup - adding.tiles.length}
          onAdd={(tiles) => {
            dispatch({ type: 'addTiles', group: adding.key, tiles });
            setAddingTo(null);
          }}
          onClose={() => setAddingTo(null)}
        />
      )}
    </div>
  );
}
