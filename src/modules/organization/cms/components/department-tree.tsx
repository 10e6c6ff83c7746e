import { useMemo, useState } from 'react';
import { App, Empty, Spin, Tag, Tree } from 'antd';
import type { TreeDataNode, TreeProps } from 'antd';
import { DEPARTMENT_KIND_LABELS, type DepartmentTree as TreeNode } from '@/modules/organization/contract';
import { branchIds, dropTarget, filterTree, indexTree } from './tree-data';
import s from './department-tree.module.css';
import { SearchInput } from '@/core/ui/text-input';

interface Props {
  roots: TreeNode[];
  loading: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** Asked after the administrator confirms a drop. */
  onMove: (move: { id: number; parentId: number | null; sort: number }) => Promise<unknown>;
}

const toData = (nodes: readonly TreeNode[]): TreeDataNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: (
      <span className={s.title}>
        <span>{n.name}</span>
        <Tag variant="filled" className={s.kind}>
          {DEPARTMENT_KIND_LABELS[n.kind] ?? n.kind}
        </Tag>
      </span>
    ),
    children: toData(n.children),
  }));

/** The department tree: search by name or code, click to select, drag to re-parent (confirmed first). */
export function DepartmentTree({ roots, loading, selectedId, onSelect, onMove }: Props) {
  const { modal } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<React.Key[] | null>(null);
  const byId = useMemo(() => indexTree(roots), [roots]);
  const shown = useMemo(() => filterTree(roots, keyword), [roots, keyword]);
  const data = useMemo(() => toData(shown), [shown]);
  // Searching opens every branch that leads to a match; otherwise the top level starts open.
  const expandedKeys = keyword.trim() ? branchIds(shown) : (expanded ?? roots.map((r) => r.id));

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragged = byId.get(Number(info.dragNode.key));
    const target = byId.get(Number(info.node.key));
    if (!dragged || !target) return;
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    const to = dropTarget(target, info.dropToGap, relative < 0 ? -1 : relative > 0 ? 1 : 0);
    const under = to.parentId === null ? '顶层' : `“${byId.get(to.parentId)?.name ?? ''}”之下`;
    const place = !info.dropToGap ? '' : `，排在“${target.name}”${relative < 0 ? '之前' : '之后'}`;
    modal.confirm({
      title: '移动部门',
      content: `确定将“${dragged.name}”移动到${under}${place}吗？其下级部门与人员随之移动。`,
      okText: '移动',
      cancelText: '取消',
      onOk: () => onMove({ id: dragged.id, ...to }),
    });
  };

  return (
    <div className={s.wrap}>
      <SearchInput
        allowClear
        placeholder="搜索部门名称或编码"
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={setKeyword}
      />
      <div className={s.tree}>
        {loading ? (
          <Spin className={s.spin} />
        ) : data.length === 0 ? (
          <Empty description={keyword ? '没有匹配的部门' : '暂无部门'} />
        ) : (
          <Tree
            blockNode
            draggable={{ icon: false }}
            showLine
            treeData={data}
            height={640}
            selectedKeys={selectedId ? [selectedId] : []}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded(keys)}
            onSelect={(keys) => {
              if (keys.length) onSelect(Number(keys[0]));
            }}
            onDrop={onDrop}
          />
        )}
      </div>
    </div>
  );
}
