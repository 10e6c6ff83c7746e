import { useEffect, useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Drawer, Form, Radio, Select, Space, Switch, Typography } from 'antd';
import { createSync, getSync, getSyncFields, updateSync } from '@/modules/data-sync/api';
import {
  SINCE_FIELD_TYPES,
  SYNC_LIMITS,
  type SyncMapping,
  type SyncMode,
  type SyncSaveBody,
} from '@/modules/data-sync/contract';
import { CronInput } from './cron-input';
import { MappingEditor } from './mapping-editor';
import { OwnerSelect } from './owner-select';
import { DatasetPicker, TablePicker } from './pickers';
import { TextInput } from '@/core/ui/text-input';

interface Values {
  name: string;
  datasetId?: number;
  tableId?: number;
  mapping: SyncMapping[];
  mode: SyncMode;
  key: string[];
  sinceField?: string | null;
  deleteMissing: boolean;
  cron?: string | null;
  enabled: boolean;
  ownerId?: number | null;
  resetSince?: boolean;
}

const EMPTY: Values = { name: '', mapping: [], mode: 'full', key: [], deleteMissing: false, enabled: true, cron: '' };

/** New or edit sync: dataset → data table, field mapping, mode and key, delete handling, schedule, owner. */
export function SyncFormDrawer(props: {
  open: boolean;
  id: number | null;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const datasetId = Form.useWatch('datasetId', form);
  const tableId = Form.useWatch('tableId', form);
  const mode = Form.useWatch('mode', form) ?? 'full';
  const watched = Form.useWatch('mapping', form);
  const mapping = useMemo(() => watched ?? [], [watched]);

  const detail = useQuery({
    queryKey: ['data-sync', 'detail', props.id],
    queryFn: () => getSync(props.id!).then((r) => r.data),
    enabled: props.open && props.id !== null,
  });
  const fields = useQuery({
    queryKey: ['data-sync', 'fields', datasetId, tableId],
    queryFn: () => getSyncFields({ datasetId, tableId }).then((r) => r.data),
    enabled: props.open && (datasetId !== undefined || tableId !== undefined),
  });

  useEffect(() => {
    if (!props.open) return;
    if (props.id === null) form.setFieldsValue(EMPTY);
    else if (detail.data)
      form.setFieldsValue({
        ...detail.data,
        sinceField: detail.data.sinceField,
        cron: detail.data.cron ?? '',
        ownerId: detail.data.ownerId,
      });
  }, [props.open, props.id, detail.data, form]);

  // The table's own unique key is the natural sync key: offered as soon as all its fields are mapped.
  const uniqueKey = fields.data?.table?.uniqueKey;
  useEffect(() => {
    if (!uniqueKey?.length || form.getFieldValue('key')?.length) return;
    if (uniqueKey.every((k) => mapping.some((m) => m.to === k))) form.setFieldsValue({ key: uniqueKey });
  }, [uniqueKey, mapping, form]);

  const save = useMutation({
    mutationFn: (v: Values) => {
      const body: SyncSaveBody = {
        ...(props.id !== null ? { id: props.id } : {}),
        name: v.name,
        datasetId: v.datasetId!,
        tableId: v.tableId!,
        mapping: v.mapping,
        mode: v.mode,
        key: v.key,
        sinceField: v.mode === 'incremental' ? (v.sinceField ?? null) : null,
        deleteMissing: v.mode === 'full' && v.deleteMissing,
        cron: v.cron?.trim() || null,
        enabled: v.enabled,
        ownerId: v.ownerId ?? null,
        ...(props.id !== null && v.resetSince ? { resetSince: true } : {}),
      };
      return props.id === null ? createSync(body) : updateSync(body);
    },
    onSuccess: (r) => {
      message.success(props.id === null ? '已创建同步' : '已保存');
      void qc.invalidateQueries({ queryKey: ['data-sync'] });
      props.onSaved(r.data.id);
    },
  });

  const datasetFields = fields.data?.dataset?.fields ?? [];
  const tableFields = fields.data?.table?.fields ?? [];
  const mappedTargets = tableFields.filter((t) => mapping.some((m) => m.to === t.name));

  return (
    <Drawer
      title={props.id === null ? '新建同步' : '编辑同步'}
      open={props.open}
      onClose={props.onClose}
      size={1000}
      destroyOnHidden
      loading={props.id !== null && detail.isPending}
      extra={
        <Space>
          <Button onClick={props.onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="horizontal"
        labelCol={{ span: 4 }}
        initialValues={EMPTY}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          label="同步名称"
          name="name"
          rules={[{ required: true, whitespace: true, message: '请填写同步名称' }]}
        >
          <TextInput maxLength={SYNC_LIMITS.name} style={{ width: 360 }} placeholder="如：教务-学生名单" />
        </Form.Item>
        <Form.Item label="数据集" name="datasetId" rules={[{ required: true, message: '请选择数据集' }]}>
          <DatasetPicker
            currentName={detail.data?.datasetName}
            onChange={() => form.setFieldsValue({ mapping: [], sinceField: null })}
          />
        </Form.Item>
        <Form.Item
          label="目标数据表"
          name="tableId"
          rules={[{ required: true, message: '请选择数据表' }]}
          extra={
            <span>
              没有合适的数据表？在{' '}
              <Typography.Link href="/cms/publicTool/dataTable" target="_blank">
                数据表管理
              </Typography.Link>{' '}
              中新建后回到这里选择
            </span>
          }
        >
          <TablePicker
            currentName={detail.data?.tableName}
            onChange={() => form.setFieldsValue({ mapping: [], key: [] })}
          />
        </Form.Item>
        <Form.Item
          label="字段映射"
          name="mapping"
          rules={[
            {
              validator: (_, v: SyncMapping[]) =>
                v?.length ? Promise.resolve() : Promise.reject(new Error('至少映射一个字段')),
            },
          ]}
        >
          <MappingEditor datasetFields={datasetFields} tableFields={tableFields} />
        </Form.Item>
        <Form.Item label="同步方式" name="mode">
          <Radio.Group
            options={[
              { value: 'full', label: '全量（每次读取全部行）' },
              { value: 'incremental', label: '增量（只读取增量字段变大的行）' },
            ]}
          />
        </Form.Item>
        <Form.Item
          label="同步键"
          name="key"
          extra={
            fields.data?.table?.uniqueKey.length
              ? `数据表的唯一键：${fields.data.table.uniqueKey.join('、')}`
              : '按同步键更新已有行；同一键的行不会重复写入'
          }
          rules={[{ required: true, message: '请选择同步键' }]}
        >
          <Select
            aria-label="同步键"
            mode="multiple"
            style={{ width: 360 }}
            placeholder="选择已映射的数据表字段"
            options={mappedTargets.map((t) => ({ value: t.name, label: `${t.label}（${t.name}）` }))}
          />
        </Form.Item>
        {mode === 'incremental' ? (
          <Form.Item
            label="增量字段"
            name="sinceField"
            extra="数据集中随修改变大的字段，如更新时间或自增编号"
            rules={[{ required: true, message: '增量同步需要选择增量字段' }]}
          >
            <Select
              aria-label="增量字段"
              style={{ width: 360 }}
              options={datasetFields
                .filter((f) => SINCE_FIELD_TYPES.includes(f.type))
                .map((f) => ({
                  value: f.name,
                  label: f.label && f.label !== f.name ? `${f.name}（${f.label}）` : f.name,
                }))}
            />
          </Form.Item>
        ) : (
          <Form.Item
            label="删除处理"
            name="deleteMissing"
            valuePropName="checked"
            extra="开启后，数据源中已不存在的行会从数据表中删除"
          >
            <Switch checkedChildren="删除" unCheckedChildren="保留" aria-label="删除数据源中已不存在的行" />
          </Form.Item>
        )}
        {mode === 'incremental' && props.id !== null && detail.data?.mode === 'incremental' && (
          <Form.Item
            label="增量位置"
            name="resetSince"
            valuePropName="checked"
            extra={
              detail.data.sinceValue === null || detail.data.sinceValue === undefined
                ? '尚未同步过：下次读取全部行'
                : `下次只读取 ${detail.data.sinceField} 大于 ${String(detail.data.sinceValue)} 的行`
            }
          >
            <Checkbox>重置（下次从头读取全部行）</Checkbox>
          </Form.Item>
        )}
        <Form.Item label="定时计划" name="cron">
          <CronInput />
        </Form.Item>
        <Form.Item label="负责人" name="ownerId" extra="连续失败 3 次时通知负责人">
          <OwnerSelect currentName={detail.data?.ownerName} />
        </Form.Item>
        <Form.Item label="启用" name="enabled" valuePropName="checked">
          <Switch aria-label="启用" />
        </Form.Item>
        {fields.data?.dataset && (
          <Typography.Text type="secondary">
            数据源：{fields.data.dataset.sourceName}；数据集共 {datasetFields.length} 个字段
          </Typography.Text>
        )}
      </Form>
    </Drawer>
  );
}
