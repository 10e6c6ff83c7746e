import { useSortable, SortableContext, rectSortingStrategy } from '@dnd-kit/sortable';
import { useDroppable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { Button, Card, Popconfirm, Tag, Typography } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CloseOutlined,
  DeleteOutlined,
  HolderOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { TextInput } from '@/core/ui/text-input';
import { MOBILE_LAYOUT_LIMITS, titleProblem } from '@/modules/mobile-layout/contract';
import { MobileIconSvg } from '@/modules/mobile-layout/mobile-icons';
import { tileColour } from '@/modules/mobile-layout/layout-view';
import { groupDndId, tileDndId, type EditorGroup, type EditorTile, type LayoutAction } from './layout-state';
import s from './layout-editor.module.css';

function TileChip({
  group,
  tile,
  selected,
  onSelect,
  onRemove,
}: {
  group: string;
  tile: EditorTile;
  selected: boolean;
  onSelect: () => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: tileDndId(group, tile.key),
  });
  const bad = !!titleProblem(tile.title);
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`${s.chip} ${selected ? s.chipSelected : ''} ${bad ? s.chipBad : ''} ${isDragging ? s.dragging : ''}`}
      onClick={onSelect}
    >
      {/* the draggable, selectable part is one button; 移除 sits beside it, not inside */}
      <div
        className={s.chipHandle}
        {...attributes}
        {...listeners}
        role="button"
        aria-pressed={selected}
        aria-label={`应用 ${tile.title || '（未命名）'}`}
      >
        <span className={s.chipIcon} style={{ background: tileColour(tile.icon) }} aria-hidden>
          <MobileIconSvg name={tile.icon} size={18} />
        </span>
        <span className={s.chipTitle}>{tile.title || '（未命名）'}</span>
        {tile.badge === 'messages' && <span className={s.chipDot} title="显示未读消息数" />}
        {tile.kind === 'link' && (
          <Tag className={s.chipTag} variant="filled">
            链接
          </Tag>
        )}
      </div>
      <button
        type="button"
        className={s.chipRemove}
        aria-label={`移除${tile.title}`}
        onPointerDown={(e) => e.stopPropagation()}
        onClick={(e) => {
          e.stopPropagation();
          onRemove();
        }}
      >
        <CloseOutlined />
      </button>
    </div>
  );
}

/** One group of the editor: its title, its tiles (drag to order, or onto another group), add and remove. */
export function GroupCard({
  group,
  index,
  count,
  selectedTile,
  dispatch,
  onSelectTile,
  onAddTiles,
  onMoveGroup,
}: {
  group: EditorGroup;
  index: number;
  count: number;
  selectedTile: string | null;
  dispatch: (a: LayoutAction) => void;
  onSelectTile: (tile: string | null) => void;
  onAddTiles: () => void;
  /** Up (-1) or down (+1) one place: the buttons beside the drag handle. */
  onMoveGroup: (by: -1 | 1) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: groupDndId(group.key),
  });
  // The group's tile area also takes drops, so a tile can go into an empty group.
  const { setNodeRef: setDropRef } = useDroppable({ id: `${groupDndId(group.key)}:tiles`, data: { group: group.key } });
  const problem = titleProblem(group.title);
  const full = group.tiles.length >= MOBILE_LAYOUT_LIMITS.tilesPerGroup;
  const label = group.title || `第 ${index + 1} 个分组`;
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={isDragging ? s.dragging : undefined}
    >
      <Card size="small" className={s.group} role="group" aria-label={`分组 ${label}`}>
        <div className={s.groupHead}>
          <button
            type="button"
            ref={setActivatorNodeRef}
            className={s.handle}
            aria-label={`拖动分组 ${label}`}
            {...attributes}
            {...listeners}
          >
            <HolderOutlined />
          </button>
          <div className={s.groupTitle}>
            <TextInput
              aria-label={`分组名称 ${index + 1}`}
              value={group.title}
              maxLength={40}
              status={problem ? 'error' : undefined}
              placeholder="分组名称"
              onChange={(e) => dispatch({ type: 'renameGroup', group: group.key, title: e.target.value })}
            />
            {problem && (
              <Typography.Text type="danger" className={s.fieldError}>
                {problem}
              </Typography.Text>
            )}
          </div>
          <Typography.Text type="secondary" className={s.count}>
            {group.tiles.length}/{MOBILE_LAYOUT_LIMITS.tilesPerGroup}
          </Typography.Text>
          <MoveButtons index={index} count={count} label={label} onMove={onMoveGroup} />
          <Popconfirm
            title={`删除分组「${label}」？`}
            description={group.tiles.length ? `其中的 ${group.tiles.length} 个应用一并移除` : undefined}
            okText="删除"
            cancelText="取消"
            onConfirm={() => dispatch({ type: 'removeGroup', group: group.key })}
          >
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除分组 ${label}`} />
          </Popconfirm>
        </div>
        <SortableContext items={group.tiles.map((t) => tileDndId(group.key, t.key))} strategy={rectSortingStrategy}>
          <div ref={setDropRef} className={s.tiles}>
            {group.tiles.map((t) => (
              <TileChip
                key={t.key}
                group={group.key}
                tile={t}
                selected={selectedTile === t.key}
                onSelect={() => onSelectTile(t.key)}
                onRemove={() => {
                  dispatch({ type: 'removeTile', group: group.key, tile: t.key });
                  if (selectedTile === t.key) onSelectTile(null);
                }}
              />
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              className={s.addTile}
              disabled={full}
              onClick={onAddTiles}
              aria-label={`向分组 ${label} 添加应用`}
            >
              添加应用
            </Button>
          </div>
        </SortableContext>
      </Card>
    </div>
  );
}

function MoveButtons({
  index,
  count,
  label,
  onMove,
}: {
  index: number;
  count: number;
  label: string;
  onMove: (by: -1 | 1) => void;
}) {
  return (
    <>
      <Button
        size="small"
        type="text"
        icon={<ArrowUpOutlined />}
        disabled={index === 0}
        aria-label={`上移分组 ${label}`}
        onClick={() => onMove(-1)}
      />
      <Button
        size="small"
        type="text"
        icon={<ArrowDownOutlined />}
        disabled={index === count - 1}
        aria-label={`下移分组 ${label}`}
        onClick={() => onMove(1)}
      />
    </>
  );
}
