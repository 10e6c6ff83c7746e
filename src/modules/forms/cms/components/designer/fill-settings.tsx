import { useMemo, useState } from 'react';
import { Button, DatePicker, Form, Select, Space, Switch, Tag, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type { PickedRef } from '@/shared/forms/schema';
import { PasswordInput as PasswordBox } from '@/core/ui/text-input';
import { listDepartmentTreeForAudience, listPlatformsForAudience } from '@/modules/forms/api';
import {
  SUBMIT_LIMITS,
  SUBMIT_LIMIT_LABELS,
  type FillSettings,
  type FillSettingsView,
  type FormAccess,
  type SubmitLimit,
} from '@/modules/forms/contract';
import type { DepartmentTree } from '@/modules/organization/contract';
import s from './designer.module.css';

/**
 * 填写设置 as the designer edits them: the detail's view (names for the pickers, whether a password
 * is set) and what to do with the access password on save — keep it, set `newPassword`, or remove it.
 */
export interface FillDraft extends FillSettingsView {
  passwordMode: 'keep' | 'set' | 'remove';
  newPassword: string;
}

export const fillDraftOf = (view: FillSettingsView): FillDraft => ({ ...view, passwordMode: 'keep', newPassword: '' });

/** The problem that keeps 填写设置 from being saved (checked again by the server), or ''. */
export function fillProblem(fill: FillDraft, access: FormAccess): string {
  if (fill.opensAt !== null && fill.closesAt !== null && fill.closesAt <= fill.opensAt)
    return '截止时间必须晚于开放时间';
  if (access === 'public' && fill.passwordMode === 'set') {
    const length = Array.from(fill.newPassword.trim()).length;
    if (length === 0) return '请输入访问密码';
    if (length < 4) return '访问密码至少 4 位';
  }
  return '';
}

/** The save call's `fill`: a password only when it changes (and only on a public form). */
export function fillBody(fill: FillDraft, access: FormAccess): FillSettings {
  const body: FillSettings = {
    departments: fill.departments.map((d) => ({ id: d.id, withChildren: d.withChildren })),
    classIds: fill.classes.map((c) => c.id),
    platformIds: fill.platforms.map((p) => p.id),
    userIds: fill.users.map((u) => u.id),
    submitLimit: fill.submitLimit,
    opensAt: fill.opensAt,
    closesAt: fill.closesAt,
  };
  if (access === 'public' && fill.passwordMode === 'set') body.password = fill.newPassword.trim();
  else if (fill.passwordMode === 'remove') body.password = '';
  return body;
}

/** The draft as the server holds it after a save: the password set or gone, nothing pending. */
export function savedFill(fill: FillDraft, access: FormAccess): FillDraft {
  const hasPassword =
    access === 'public' &&
    (fill.passwordMode === 'set' ? true : fill.passwordMode === 'remove' ? false : fill.hasPassword);
  return { ...fill, hasPassword, passwordMode: 'keep', newPassword: '' };
}

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

const toOptions = (nodes: readonly DepartmentTree[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: toOptions(n.children) }));

/** Every class of the tree, named with its parent (e.g. 2023级软件工程1班 · 软件工程). */
function classesOf(nodes: readonly DepartmentTree[], parent = ''): { id: number; name: string; parent: string }[] {
  return nodes.flatMap((n) => [
    ...(n.kind === 'class' ? [{ id: n.id, name: n.name, parent }] : []),
    ...classesOf(n.children, n.name),
  ]);
}

/** 部门: picked from the organisation tree; each one with or without its sub-departments. */
function DepartmentsInput({
  value,
  tree,
  loading,
  onChange,
}: {
  value: FillSettingsView['departments'];
  tree: readonly DepartmentTree[];
  loading: boolean;
  onChange: (v: FillSettingsView['departments']) => void;
}) {
  const treeData = useMemo(() => toOptions(tree), [tree]);
  return (
    <Space orientation="vertical" size={6} style={{ width: '100%' }}>
      <TreeSelect
        aria-label="适用部门"
        multiple
        showSearch
        treeNodeFilterProp="title"
        allowClear
        labelInValue
        loading={loading}
        placeholder="选择部门"
        treeData={treeData}
        treeDefaultExpandedKeys={tree.map((r) => r.id)}
        value={value.map((d) => ({ value: d.id, label: d.name }))}
        onChange={(picked: { value: number; label?: React.ReactNode }[]) =>
          onChange(
            picked.map((p) => {
              const before = value.find((d) => d.id === p.value);
              return before ?? { id: p.value, name: String(p.label ?? p.value), withChildren: true };
            }),
          )
        }
        style={{ width: '100%' }}
      />
      {value.map((d) => (
        <div key={d.id} className={s.fillDept}>
          <span className={s.fillDeptName} title={d.name}>
            {d.name}
          </span>
          <Switch
            size="small"
            aria-label={`${d.name} 含下级部门`}
            checked={d.withChildren}
            onChange={(withChildren) => onChange(value.map((x) => (x.id === d.id ? { ...x, withChildren } : x)))}
          />
          <span className={s.muted}>含下级部门</span>
        </div>
      ))}
    </Space>
  );
}

/** 访问密码 of a public form: 已设置 (never the password) with 修改 / 移除, or a box for a new one. */
function PasswordInput({ fill, onChange }: { fill: FillDraft; onChange: (patch: Partial<FillDraft>) => void }) {
  const [editing, setEditing] = useState(false);
  if (fill.passwordMode === 'remove')
    return (
      <Space wrap>
        <span className={s.muted}>保存后移除访问密码</span>
        <Button size="small" onClick={() => onChange({ passwordMode: 'keep' })}>
          撤销
        </Button>
      </Space>
    );
  if (fill.passwordMode === 'set' || editing || !fill.hasPassword) {
    const open = fill.passwordMode === 'set' || editing;
    if (!open)
      return (
        <Space wrap>
          <span className={s.muted}>未设置</span>
          <Button size="small" onClick={() => setEditing(true)}>
            设置访问密码
          </Button>
        </Space>
      );
    return (
      <Space.Compact style={{ width: '100%' }}>
        <PasswordBox
          autoComplete="new-password"
          aria-label="访问密码"
          placeholder={fill.hasPassword ? '输入新的访问密码' : '至少 4 位'}
          maxLength={64}
          value={fill.newPassword}
          onChange={(e) => onChange({ passwordMode: 'set', newPassword: e.target.value })}
        />
        <Button
          onClick={() => {
            setEditing(false);
            onChange({ passwordMode: 'keep', newPassword: '' });
          }}
        >
          取消
        </Button>
      </Space.Compact>
    );
  }
  return (
    <Space wrap>
      <Tag color="green">已设置</Tag>
      <Button size="small" onClick={() => setEditing(true)}>
        修改
      </Button>
      <Button size="small" danger onClick={() => onChange({ passwordMode: 'remove', newPassword: '' })}>
        移除
      </Button>
    </Space>
  );
}

const at = (ms: number | null): Dayjs | null => (ms === null ? null : dayjs(ms));

/**
 * 填写设置 beyond the roles (which the panel's 适用对象 keeps): departments, classes, platforms and
 * people (a person matches when any rule does), the limit per person, the window and, for a public
 * form, the access password.
 */
export function FillSettingsFields({
  fill,
  access,
  onChange,
  peopleInput,
}: {
  fill: FillDraft;
  access: FormAccess;
  onChange: (patch: Partial<FillDraft>) => void;
  /** The people picker (the panel's own user search). */
  peopleInput: (value: PickedRef[], onChange: (v: PickedRef[]) => void) => React.ReactNode;
}) {
  const tree = useQuery({
    queryKey: ['forms', 'audience-departments'],
    queryFn: listDepartmentTreeForAudience,
    staleTime: 60_000,
  });
  const platforms = useQuery({
    queryKey: ['forms', 'audience-platforms'],
    queryFn: listPlatformsForAudience,
    staleTime: 60_000,
  });
  const classes = useMemo(() => classesOf(tree.data ?? []), [tree.data]);
  const windowError =
    fill.opensAt !== null && fill.closesAt !== null && fill.closesAt <= fill.opensAt ? '截止时间必须晚于开放时间' : '';
  const passwordError = access === 'public' && fill.passwordMode === 'set' ? fillProblem(fill, access) : '';
  const named =
    <T extends { id: number; name: string }>(picked: T[], known: { id: number; name: string }[]) =>
    (ids: number[]) =>
      ids.map((id) => picked.find((x) => x.id === id) ?? { id, name: known.find((k) => k.id === id)?.name ?? `${id}` });
  return (
    <>
      <Form.Item label="适用部门">
        <DepartmentsInput
          value={fill.departments}
          tree={tree.data ?? []}
          loading={tree.isLoading}
          onChange={(departments) => onChange({ departments })}
        />
      </Form.Item>
      <Form.Item label="适用班级">
        <Select
          aria-label="适用班级"
          mode="multiple"
          allowClear
          placeholder="选择班级"
          loading={tree.isLoading}
          optionFilterProp="label"
          value={fill.classes.map((c) => c.id)}
          options={[
            ...classes.map((c) => ({ value: c.id, label: c.parent ? `${c.name}（${c.parent}）` : c.name })),
            ...fill.classes
              .filter((c) => !classes.some((k) => k.id === c.id))
              .map((c) => ({ value: c.id, label: c.name })),
          ]}
          onChange={(ids: number[]) => onChange({ classes: named(fill.classes, classes)(ids) })}
        />
      </Form.Item>
      <Form.Item label="适用平台" extra="平台的成员（或持有平台角色的用户）可填写">
        <Select
          aria-label="适用平台"
          mode="multiple"
          allowClear
          placeholder="选择平台"
          loading={platforms.isLoading}
          optionFilterProp="label"
          value={fill.platforms.map((p) => p.id)}
          options={[
            ...(platforms.data ?? []).map((p) => ({ value: p.id, label: p.name })),
            ...fill.platforms
              .filter((p) => !(platforms.data ?? []).some((k) => k.id === p.id))
              .map((p) => ({ value: p.id, label: p.name })),
          ]}
          onChange={(ids: number[]) => onChange({ platforms: named(fill.platforms, platforms.data ?? [])(ids) })}
        />
      </Form.Item>
      <Form.Item label="指定人员">{peopleInput(fill.users, (users) => onChange({ users }))}</Form.Item>
      <Form.Item label="每人限填">
        <Select
          aria-label="每人限填"
          value={fill.submitLimit}
          options={SUBMIT_LIMITS.map((l) => ({ value: l, label: SUBMIT_LIMIT_LABELS[l] }))}
          onChange={(submitLimit: SubmitLimit) => onChange({ submitLimit })}
        />
      </Form.Item>
      <Form.Item
        label="开放时间"
        validateStatus={windowError ? 'error' : undefined}
        help={windowError || undefined}
        extra={windowError ? undefined : '留空则立即开放、不截止'}
      >
        <DatePicker.RangePicker
          aria-label="开放时间"
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowEmpty={[true, true]}
          placeholder={['开放时间', '截止时间']}
          value={[at(fill.opensAt), at(fill.closesAt)]}
          onChange={(range) =>
            onChange({ opensAt: range?.[0]?.valueOf() ?? null, closesAt: range?.[1]?.valueOf() ?? null })
          }
          style={{ width: '100%' }}
        />
      </Form.Item>
      {access === 'public' && (
        <Form.Item
          label="访问密码"
          validateStatus={passwordError ? 'error' : undefined}
          help={passwordError || undefined}
          extra={passwordError ? undefined : '填写人凭链接打开表单时需输入此密码'}
        >
          <PasswordInput fill={fill} onChange={onChange} />
        </Form.Item>
      )}
    </>
  );
}
