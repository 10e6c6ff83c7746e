import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Divider,
  Form,
  Radio,
  Select,
  Skeleton,
  Space,
  Switch,
  TreeSelect,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { allFields, DISPLAY_TYPES } from '@/shared/forms/schema';
import { listFillableForms, openForm } from '@/modules/forms/api';
import { getAllRoleGroups, getDepartmentTree } from '@/modules/organization/api';
import type { DepartmentTree } from '@/modules/organization/contract';
import { listVisibleTables } from '@/modules/data-tables/api';
import { getTargetTable, getTask, listProcesses, saveTask } from '../../api';
import {
  FILLER_KIND_LABELS,
  FILLER_KINDS,
  type Collaborator,
  type FillerKind,
  type MappingItem,
  type TaskSaveBody,
} from '../../contract';
import { MappingEditor } from '../components/mapping-editor';
import { PersonSelect } from '../components/person-select';
import { paths } from '../paths';
import { TextArea, TextInput } from '@/core/ui/text-input';

const REMINDER_OPTIONS = [
  { value: 72, label: '截止前 3 天' },
  { value: 24, label: '截止前 1 天' },
  { value: 2, label: '截止前 2 小时' },
];

interface Draft {
  title: string;
  description: string;
  formId: number | null;
  kind: FillerKind;
  userIds: number[];
  departmentIds: number[];
  roleCodes: string[];
  rowsTableId: number | null;
  userField: string | undefined;
  labelField: string | undefined;
  deadline: Dayjs | null;
  reminders: number[];
  tableId: number | null;
  mapping: MappingItem[];
  keyFields: string[];
  processId: number | null;
  reviewWrite: boolean;
  collaborative: boolean;
  collaborators: Collaborator[];
}

const EMPTY: Draft = {
  title: '',
  description: '',
  formId: null,
  kind: 'people',
  userIds: [],
  departmentIds: [],
  roleCodes: [],
  rowsTableId: null,
  userField: undefined,
  labelField: undefined,
  deadline: dayjs().add(7, 'day').hour(18).minute(0).second(0),
  reminders: [24],
  tableId: null,
  mapping: [],
  keyFields: [],
  processId: null,
  reviewWrite: false,
  collaborative: false,
  collaborators: [],
};

interface DeptNode {
  value: number;
  title: string;
  children: DeptNode[];
}
const treeData = (nodes: DepartmentTree[]): DeptNode[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: treeData(n.children) }));

function useTables() {
  return useQuery({
    queryKey: ['acquisition', 'visible-tables'],
    queryFn: () => listVisibleTables({ page: 1, pageSize: 200 }).then((r) => r.data.list),
  });
}

/** /web/dataAcquisition/taskCreation (?id= edits a draft): form, fillers, deadline, reminders, target table and mapping, approval, collaboration. */
export default function TaskCreationPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [d, setD] = useState<Draft>(EMPTY);
  const set = (p: Partial<Draft>) => setD((x) => ({ ...x, ...p }));

  const existing = useQuery({
    queryKey: ['acquisition', 'task', id],
    queryFn: () => getTask(id!).then((r) => r.data),
    enabled: !!id,
  });
  useEffect(() => {
    const t = existing.data;
    if (!t) return;
    setD({
      title: t.title,
      description: t.description,
      formId: t.formId,
      kind: t.fillers.kind,
      userIds: t.fillers.userIds ?? [],
      departmentIds: t.fillers.departmentIds ?? [],
      roleCodes: t.fillers.roleCodes ?? [],
      rowsTableId: t.fillers.tableId ?? null,
      userField: t.fillers.userField,
      labelField: t.fillers.labelField,
      deadline: dayjs(t.deadline),
      reminders: t.reminders,
      tableId: t.tableId,
      mapping: t.mapping,
      keyFields: t.keyFields,
      processId: t.processId,
      reviewWrite: t.reviewWrite,
      collaborative: t.collaborative,
      collaborators: t.collaborators,
    });
  }, [existing.data]);

  const forms = useQuery({
    queryKey: ['acquisition', 'forms'],
    queryFn: () => listFillableForms({ page: 1, pageSize: 200 }).then((r) => r.data.list),
  });
  const form = useQuery({
    queryKey: ['acquisition', 'form', d.formId],
    queryFn: () => openForm(d.formId!).then((r) => r.data),
    enabled: !!d.formId,
  });
  const fields = useMemo(
    () => (form.data ? allFields(form.data.schema).filter((f) => !DISPLAY_TYPES.includes(f.type)) : []),
    [form.data],
  );
  const processes = useQuery({
    queryKey: ['acquisition', 'processes', d.formId],
    queryFn: () => listProcesses(d.formId!).then((r) => r.data),
    enabled: !!d.formId,
  });
  const tables = useTables();
  const target = useQuery({
    queryKey: ['acquisition', 'table', d.tableId],
    queryFn: () => getTargetTable(d.tableId!).then((r) => r.data),
    enabled: !!d.tableId,
  });
  const rowsTable = useQuery({
    queryKey: ['acquisition', 'table', d.rowsTableId],
    queryFn: () => getTargetTable(d.rowsTableId!).then((r) => r.data),
    enabled: !!d.rowsTableId,
  });
  const depts = useQuery({
    queryKey: ['acquisition', 'depts'],
    queryFn: () => getDepartmentTree().then((r) => r.data),
  });
  const roles = useQuery({ queryKey: ['acquisition', 'roles'], queryFn: () => getAllRoleGroups().then((r) => r.data) });

  const body = (): TaskSaveBody => ({
    ...(id ? { id } : {}),
    title: d.title.trim(),
    description: d.description,
    formId: d.formId ?? 0,
    fillers: {
      kind: d.kind,
      ...(d.kind === 'people' ? { userIds: d.userIds } : {}),
      ...(d.kind === 'departments' ? { departmentIds: d.departmentIds } : {}),
      ...(d.kind === 'roles' ? { roleCodes: d.roleCodes } : {}),
      ...(d.kind === 'rows'
        ? { tableId: d.rowsTableId ?? undefined, userField: d.userField, labelField: d.labelField }
        : {}),
    },
    deadline: d.deadline ? d.deadline.valueOf() : 0,
    reminders: d.reminders,
    tableId: d.tableId,
    mapping: d.tableId ? d.mapping : [],
    keyFields: d.tableId ? d.keyFields : [],
    processId: d.processId,
    reviewWrite: d.reviewWrite,
    collaborative: d.collaborative,
    collaborators: d.collaborative ? d.collaborators : [],
  });
  const save = useMutation({
    mutationFn: (then: 'stay' | 'preview') => {
      if (!d.title.trim()) throw new Error('请填写任务名称');
      if (!d.formId) throw new Error('请选择表单');
      if (!d.deadline) throw new Error('请选择截止时间');
      return saveTask(body()).then((r) => ({ id: r.data.id, then }));
    },
    onSuccess: (r) => {
      message.success('保存成功');
      navigate(r.then === 'preview' ? paths.preview(r.id) : paths.create(r.id), { replace: r.then === 'stay' });
    },
    onError: (e) => {
      if (!('code' in (e as object))) message.warning((e as Error).message);
    },
  });

  if (id && existing.isLoading) return <Skeleton active />;
  if (existing.data && existing.data.status !== 'draft')
    return (
      <Card title="采集任务">
        <Typography.Paragraph>该任务已发布，不能再修改设置。</Typography.Paragraph>
        <Button onClick={() => navigate(paths.progress(id!))}>查看进度</Button>
      </Card>
    );
  const fieldOptions = fields.map((f) => ({ value: f.id, label: f.label || f.id }));
  return (
    <Card
      title={id ? '编辑采集任务' : '新建采集任务'}
      extra={<Button onClick={() => navigate(paths.manage())}>返回</Button>}
    >
      <Form layout="horizontal" labelCol={{ flex: '120px' }} style={{ maxWidth: 1100 }}>
        <Form.Item label="任务名称" required>
          <TextInput
            aria-label="任务名称"
            value={d.title}
            maxLength={80}
            onChange={(e) => set({ title: e.target.value })}
            placeholder="如：2026年秋季学期学生返乡信息采集"
          />
        </Form.Item>
        <Form.Item label="说明">
          <TextArea
            aria-label="说明"
            value={d.description}
            maxLength={1000}
            rows={2}
            onChange={(e) => set({ description: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="采集表单" required>
          <Select
            aria-label="采集表单"
            showSearch
            optionFilterProp="label"
            placeholder="选择已发布的表单"
            loading={forms.isLoading}
            value={d.formId ?? undefined}
            onChange={(v: number) => set({ formId: v, mapping: [], keyFields: [], processId: null, collaborators: [] })}
            options={(forms.data ?? []).map((f) => ({ value: f.id, label: `${f.name}（${f.category || '未分类'}）` }))}
          />
        </Form.Item>
        <Form.Item label="截止时间" required>
          <Space>
            <DatePicker
              aria-label="截止时间"
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              value={d.deadline}
              onChange={(v) => set({ deadline: v })}
            />
            <Checkbox.Group
              options={REMINDER_OPTIONS}
              value={d.reminders}
              onChange={(v) => set({ reminders: v as number[] })}
            />
          </Space>
        </Form.Item>
        <Divider titlePlacement="start">填报人</Divider>
        <Form.Item label="协同填报">
          <Space>
            <Switch
              aria-label="协同填报"
              checked={d.collaborative}
              onChange={(v) => set({ collaborative: v, kind: v && d.kind !== 'rows' ? 'people' : d.kind })}
            />
            <Typography.Text type="secondary">一条记录由多人共同填写，每人负责部分字段</Typography.Text>
          </Space>
        </Form.Item>
        <Form.Item label={d.collaborative ? '记录来源' : '填报方式'}>
          <Radio.Group
            value={d.kind}
            onChange={(e) => set({ kind: e.target.value as FillerKind })}
            options={(d.collaborative ? (['people', 'rows'] as const) : FILLER_KINDS).map((k) => ({
              value: k,
              label: d.collaborative && k === 'people' ? '一条记录' : FILLER_KIND_LABELS[k],
            }))}
          />
        </Form.Item>
        {!d.collaborative && d.kind === 'people' && (
          <Form.Item label="填报人员">
            <PersonSelect
              multiple
              aria-label="填报人员"
              value={d.userIds}
              onChange={(v: number[]) => set({ userIds: v })}
            />
          </Form.Item>
        )}
        {!d.collaborative && d.kind === 'departments' && (
          <Form.Item label="填报部门" extra="部门及其下级部门的所有人员">
            <TreeSelect
              multiple
              treeCheckable
              showCheckedStrategy={TreeSelect.SHOW_PARENT}
              aria-label="填报部门"
              value={d.departmentIds}
              onChange={(v: number[]) => set({ departmentIds: v })}
              treeData={treeData(depts.data ?? [])}
              placeholder="选择部门或班级"
              style={{ width: '100%' }}
            />
          </Form.Item>
        )}
        {!d.collaborative && d.kind === 'roles' && (
          <Form.Item label="填报角色">
            <Select
              mode="multiple"
              aria-label="填报角色"
              value={d.roleCodes}
              onChange={(v: string[]) => set({ roleCodes: v })}
              options={(roles.data ?? []).map((g) => ({
                label: g.name,
                options: g.roles.map((r) => ({ value: r.code, label: r.name })),
              }))}
            />
          </Form.Item>
        )}
        {d.kind === 'rows' && (
          <Form.Item
            label="逐行数据表"
            extra={d.collaborative ? '每一行一条记录，由协同人共同填写' : '每一行一条记录，由该行学工号对应的人填写'}
          >
            <Space wrap>
              <Select
                style={{ width: 240 }}
                aria-label="逐行数据表"
                placeholder="选择数据表"
                value={d.rowsTableId ?? undefined}
                onChange={(v: number) => set({ rowsTableId: v, userField: undefined, labelField: undefined })}
                options={(tables.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
              />
              {!d.collaborative && (
                <Select
                  style={{ width: 200 }}
                  aria-label="填报人字段"
                  placeholder="学工号所在字段"
                  value={d.userField}
                  onChange={(v: string) => set({ userField: v })}
                  options={(rowsTable.data?.fields ?? []).map((f) => ({ value: f.name, label: f.label }))}
                />
              )}
              <Select
                style={{ width: 200 }}
                allowClear
                aria-label="记录名称字段"
                placeholder="记录名称（如姓名）"
                value={d.labelField}
                onChange={(v: string) => set({ labelField: v })}
                options={(rowsTable.data?.fields ?? []).map((f) => ({ value: f.name, label: f.label }))}
              />
            </Space>
          </Form.Item>
        )}
        {d.collaborative && (
          <Form.Item label="协同人" required>
            <Space orientation="vertical" style={{ width: '100%' }}>
              {d.collaborators.map((c, i) => (
                <Space key={i} style={{ width: '100%' }} align="start">
                  <div style={{ width: 260 }}>
                    <PersonSelect
                      aria-label={`协同人${i + 1}`}
                      value={c.userId || undefined}
                      onChange={(v: number) =>
                        set({ collaborators: d.collaborators.map((x, j) => (j === i ? { ...x, userId: v } : x)) })
                      }
                    />
                  </div>
                  <Select
                    mode="multiple"
                    style={{ width: 520 }}
                    aria-label={`协同人${i + 1}负责的字段`}
                    placeholder="负责的字段"
                    value={c.fields}
                    onChange={(v: string[]) =>
                      set({ collaborators: d.collaborators.map((x, j) => (j === i ? { ...x, fields: v } : x)) })
                    }
                    options={fieldOptions}
                  />
                  <Button danger onClick={() => set({ collaborators: d.collaborators.filter((_, j) => j !== i) })}>
                    移除
                  </Button>
                </Space>
              ))}
              <Button
                onClick={() => set({ collaborators: [...d.collaborators, { userId: 0, fields: [] }] })}
                disabled={!d.formId}
              >
                添加协同人
              </Button>
            </Space>
          </Form.Item>
        )}
        <Divider titlePlacement="start">入库与审批</Divider>
        <Form.Item label="目标数据表" extra="提交（或审批通过）的记录写入该数据表">
          <Select
            allowClear
            style={{ width: 320 }}
            aria-label="目标数据表"
            placeholder="不写入数据表"
            value={d.tableId ?? undefined}
            onChange={(v: number | undefined) => set({ tableId: v ?? null, mapping: [], keyFields: [] })}
            options={(tables.data ?? []).map((t) => ({ value: t.id, label: `${t.name}（${t.code}）` }))}
          />
        </Form.Item>
        {d.tableId && target.data && fields.length > 0 && (
          <Form.Item label="字段对应">
            <MappingEditor
              fields={fields}
              table={target.data}
              mapping={d.mapping}
              keyFields={d.keyFields}
              onChange={(mapping, keyFields) => set({ mapping, keyFields })}
            />
          </Form.Item>
        )}
        <Form.Item
          label="填报审批"
          extra={d.formId && !processes.data?.length ? '该表单没有已发布的审批流程' : undefined}
        >
          <Select
            allowClear
            style={{ width: 320 }}
            aria-label="审批流程"
            placeholder="无需审批"
            value={d.processId ?? undefined}
            onChange={(v: number | undefined) => set({ processId: v ?? null })}
            options={(processes.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item label="入库审批">
          <Space>
            <Switch
              aria-label="入库前确认"
              checked={d.reviewWrite}
              disabled={!d.tableId}
              onChange={(v) => set({ reviewWrite: v })}
            />
            <Typography.Text type="secondary">写入数据表前由我确认（审批中心 · 入库审批）</Typography.Text>
          </Space>
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            <Button loading={save.isPending && save.variables === 'stay'} onClick={() => save.mutate('stay')}>
              保存草稿
            </Button>
            <Button
              type="primary"
              loading={save.isPending && save.variables === 'preview'}
              onClick={() => save.mutate('preview')}
            >
              保存并预览发布
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
