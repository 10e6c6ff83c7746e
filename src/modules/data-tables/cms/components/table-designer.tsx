import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Drawer, Form, InputNumber, Row, Select, Space, Switch, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { createTable, getDdlHistory, getTable, planTable, saveTable } from '../../api';
import {
  REPORT_CYCLES,
  REPORT_CYCLE_LABELS,
  type DdlPlan,
  type TableDesignBody,
  type TableDetail,
} from '../../contract';
import { DepartmentTreeSelect } from './department-tree-select';
import { FieldEditor, newField } from './field-editor';
import s from '../../components/data-tables.module.css';
import { TextArea, TextInput } from '@/core/ui/text-input';

const EMPTY: TableDesignBody = {
  code: '',
  name: '',
  description: '',
  fields: [{ ...newField([]), name: 'name', label: '名称', required: true }],
  uniqueKey: [],
  ownerDepartmentId: null,
  scopeField: null,
  reportCycle: 'none',
  reportDeadlineDay: 5,
  isPublic: false,
};

const fromDetail = (d: TableDetail): TableDesignBody => ({
  code: d.code,
  name: d.name,
  description: d.description,
  fields: d.fields,
  uniqueKey: d.uniqueKey,
  ownerDepartmentId: d.ownerDepartmentId,
  scopeField: d.scopeField,
  reportCycle: d.reportCycle,
  reportDeadlineDay: d.reportDeadlineDay,
  isPublic: d.isPublic,
});

const DEADLINE_HINT: Record<string, string> = {
  none: '',
  weekly: '每周第几天截止（1 = 周一）',
  monthly: '每月几号截止',
  term: '开学后第几天截止',
};

/** The plan of a save, as the confirm dialog lists it. */
function PlanList({ plan }: { plan: DdlPlan }) {
  return (
    <ul style={{ paddingLeft: 20, margin: 0 }}>
      {plan.changes.map((c, i) => (
        <li key={i} className={c.lostRows ? s.lost : undefined}>
          {c.text}
        </li>
      ))}
    </ul>
  );
}

/** 数据表设计: create a table, or change one (the changes are listed and confirmed before they run). */
export function TableDesigner({ id, open, onClose }: { id: number | null; open: boolean; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const detail = useQuery({
    queryKey: ['data-tables', 'detail', id],
    queryFn: () => getTable(id!).then((r) => r.data),
    enabled: open && id !== null,
  });
  const ddl = useQuery({
    queryKey: ['data-tables', 'ddl', id],
    queryFn: () => getDdlHistory(id!).then((r) => r.data),
    enabled: open && id !== null,
  });
  const [draft, setDraft] = useState<TableDesignBody>(EMPTY);
  useEffect(() => {
    if (!open) return;
    setDraft(id === null ? { ...EMPTY, fields: [...EMPTY.fields] } : detail.data ? fromDetail(detail.data) : EMPTY);
  }, [open, id, detail.data]);
  const saved = useMemo(
    () => new Set(id !== null ? (detail.data?.fields.map((f) => f.name) ?? []) : []),
    [id, detail.data],
  );
  const set = (patch: Partial<TableDesignBody>) => setDraft((d) => ({ ...d, ...patch }));
  const names = draft.fields.map((f) => f.name);

  const done = async (text: string) => {
    message.success(text);
    await qc.invalidateQueries({ queryKey: ['data-tables'] });
    onClose();
  };
  const create = useMutation({ mutationFn: () => createTable(draft), onSuccess: () => done('数据表已创建') });
  const save = useMutation({
    mutationFn: (confirmDataLoss: boolean) =>
      saveTable({ ...draft, id: id!, version: detail.data!.version, confirmDataLoss }),
    onSuccess: () => done('修改已生效'),
  });
  const plan = useMutation({
    mutationFn: () => planTable({ ...draft, id: id!, version: detail.data!.version }).then((r) => r.data),
    onSuccess: (p) => {
      if (!p.changes.length) return void message.info('没有修改');
      modal.confirm({
        title: p.losesData ? '此次修改将丢失数据，确定继续吗？' : '确认应用以下修改？',
        width: 560,
        content: <PlanList plan={p} />,
        okText: p.losesData ? '确认丢失数据并保存' : '应用修改',
        okButtonProps: { danger: p.losesData },
        onOk: () => save.mutateAsync(p.losesData),
      });
    },
  });
  const clean = () => set({ uniqueKey: draft.uniqueKey.filter((k) => names.includes(k)) });

  return (
    <Drawer
      title={id === null ? '新建数据表' : `设计：${detail.data?.name ?? ''}`}
      open={open}
      onClose={onClose}
      size={1120}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button
            type="primary"
            loading={create.isPending || plan.isPending || save.isPending}
            onClick={() => {
              clean();
              if (id === null) create.mutate();
              else plan.mutate();
            }}
          >
            {id === null ? '创建' : '保存修改'}
          </Button>
        </Space>
      }
    >
      <Tabs
        items={[
          {
            key: 'design',
            label: '表结构',
            children: (
              <Form layout="vertical">
                <Row gutter={16}>
                  <Col span={8}>
                    <Form.Item label="表名称" required>
                      <TextInput
                        aria-label="表名称"
                        value={draft.name}
                        maxLength={60}
                        onChange={(e) => set({ name: e.target.value })}
                      />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item label="表编码" required extra="小写字母开头，建表后不能修改">
                      <TextInput
                        aria-label="表编码"
                        value={draft.code}
                        disabled={id !== null}
                        maxLength={40}
                        onChange={(e) => set({ code: e.target.value.trim() })}
                      />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item label="负责部门">
                      <DepartmentTreeSelect
                        value={draft.ownerDepartmentId}
                        onChange={(v) => set({ ownerDepartmentId: v })}
                      />
                    </Form.Item>
                  </Col>
                  <Col span={24}>
                    <Form.Item label="说明">
                      <TextArea
                        aria-label="说明"
                        rows={2}
                        maxLength={500}
                        value={draft.description}
                        onChange={(e) => set({ description: e.target.value })}
                      />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item label="字段">
                  <FieldEditor value={draft.fields} saved={saved} onChange={(fields) => set({ fields })} />
                </Form.Item>
                <Row gutter={16}>
                  <Col span={8}>
                    <Form.Item label="唯一键" extra="同步和导入按唯一键更新已有行">
                      <Select
                        aria-label="唯一键"
                        mode="multiple"
                        value={draft.uniqueKey.filter((k) => names.includes(k))}
                        options={draft.fields.map((f) => ({ value: f.name, label: `${f.label}（${f.name}）` }))}
                        onChange={(uniqueKey: string[]) => set({ uniqueKey })}
                      />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item label="行范围字段" extra="存放部门编号的整数字段：其他部门只看到本部门及下级的行">
                      <Select
                        aria-label="行范围字段"
                        allowClear
                        value={draft.scopeField ?? undefined}
                        options={draft.fields
                          .filter((f) => f.type === 'integer')
                          .map((f) => ({ value: f.name, label: `${f.label}（${f.name}）` }))}
                        onChange={(v?: string) => set({ scopeField: v ?? null })}
                      />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item label="公开到数据服务目录" extra="目录只列出表名、负责部门和字段，不含数据">
                      <Switch
                        aria-label="公开到数据服务目录"
                        checked={draft.isPublic}
                        onChange={(isPublic) => set({ isPublic })}
                      />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item label="报送周期">
                      <Select
                        aria-label="报送周期"
                        value={draft.reportCycle}
                        options={REPORT_CYCLES.map((c) => ({ value: c, label: REPORT_CYCLE_LABELS[c] }))}
                        onChange={(reportCycle) => set({ reportCycle })}
                      />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item label="截止日" extra={DEADLINE_HINT[draft.reportCycle]}>
                      <InputNumber
                        aria-label="截止日"
                        min={1}
                        max={draft.reportCycle === 'weekly' ? 7 : draft.reportCycle === 'monthly' ? 28 : 140}
                        disabled={draft.reportCycle === 'none'}
                        value={draft.reportDeadlineDay}
                        onChange={(v) => set({ reportDeadlineDay: v ?? 1 })}
                      />
                    </Form.Item>
                  </Col>
                </Row>
              </Form>
            ),
          },
          ...(id !== null
            ? [
                {
                  key: 'ddl',
                  label: '结构变更记录',
                  children: (
                    <ul style={{ paddingLeft: 20 }}>
                      {(ddl.data ?? []).map((d) => (
                        <li key={d.id} style={{ marginBottom: 8 }}>
                          <Typography.Text type="secondary">
                            {dayjs(d.createdAt).format('YYYY-MM-DD HH:mm:ss')}
                          </Typography.Text>{' '}
                          {d.step}
                          <div className={s.sql}>{d.sqlText}</div>
                        </li>
                      ))}
                    </ul>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Drawer>
  );
}
