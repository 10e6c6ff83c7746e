import { useEffect, useState } from 'react';
import { Alert, App, AutoComplete, Button, Drawer, Form, Radio, Select, Space, Spin } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createDataset,
  dataSourceTables,
  detectDatasetFields,
  getDataset,
  listDataSourceOptions,
  updateDataset,
} from '@/modules/data-sources/api';
import {
  DATA_SOURCE_KIND_TEXT,
  type DatasetField,
  type DatasetKind,
  type DatasetPreviewBody,
} from '@/modules/data-sources/contract';
import { applyFieldError } from './field-error';
import { FieldEditor } from './field-editor';
import s from '../pages/data-sources-page.module.css';
import { TextArea, TextInput } from '@/core/ui/text-input';

interface FormValues {
  name: string;
  sourceId: number;
  kind: DatasetKind;
  table?: string;
  sql?: string;
  description?: string;
}

/**
 * Create (id null) or edit a dataset: pick a source, a table (or an API path) or a SELECT, 识别字段
 * reads names and types from the source, then labels, types and sensitivity are edited; 预览 shows the first rows.
 */
export function DatasetDrawer({
  id,
  open,
  onClose,
  onPreview,
}: {
  id: number | null;
  open: boolean;
  onClose: () => void;
  onPreview: (r: DatasetPreviewBody) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const client = useQueryClient();
  const editing = id !== null;
  const [fields, setFields] = useState<DatasetField[]>([]);
  const [stale, setStale] = useState(false);
  const sources = useQuery({
    queryKey: ['data-sources', 'source-options'],
    queryFn: () => listDataSourceOptions().then((r) => r.data),
    enabled: open,
  });
  const detail = useQuery({
    queryKey: ['data-sources', 'dataset', id],
    queryFn: () => getDataset(id!).then((r) => r.data),
    enabled: open && editing,
  });
  const sourceId = Form.useWatch('sourceId', form);
  const kind = Form.useWatch('kind', form) ?? 'table';
  const sourceKind = sources.data?.find((x) => x.id === sourceId)?.kind;
  const tables = useQuery({
    queryKey: ['data-sources', 'tables', sourceId],
    queryFn: () => dataSourceTables(sourceId!).then((r) => r.data),
    enabled: open && !!sourceId && sourceKind !== undefined && sourceKind !== 'http',
    retry: false,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setStale(false);
    if (!editing) {
      form.setFieldsValue({ kind: 'table' });
      setFields([]);
    } else if (detail.data) {
      const d = detail.data;
      form.setFieldsValue({
        name: d.name,
        sourceId: d.sourceId,
        kind: d.kind,
        table: d.table,
        sql: d.sql,
        description: d.description,
      });
      setFields(d.fields);
    }
  }, [open, editing, detail.data, form]);

  const spec = () => {
    const v = form.getFieldsValue(true) as FormValues;
    return {
      sourceId: v.sourceId,
      kind: v.kind,
      ...(v.kind === 'table' ? { table: v.table ?? '' } : { sql: v.sql ?? '' }),
    };
  };

  const detect = useMutation({
    mutationFn: async () => {
      await form.validateFields(['sourceId', 'kind', 'table', 'sql']);
      return detectDatasetFields(spec());
    },
    onSuccess: (r) => {
      // Keep what was already written for fields that are still there.
      const before = new Map(fields.map((f) => [f.name, f]));
      setFields(r.data.map((f) => before.get(f.name) ?? f));
      setStale(false);
      message.success(`识别到 ${r.data.length} 个字段`);
    },
    onError: (e) => applyFieldError(form, e),
  });

  const save = useMutation({
    mutationFn: (v: FormValues) => {
      const body = {
        name: v.name.trim(),
        kind: v.kind,
        ...(v.kind === 'table' ? { table: v.table ?? '' } : { sql: v.sql ?? '' }),
        description: v.description ?? '',
        fields,
      };
      if (editing) return updateDataset({ id: id!, ...body });
      return createDataset({ ...body, sourceId: v.sourceId, ...(fields.length ? {} : { fields: undefined }) });
    },
    onSuccess: () => {
      message.success(editing ? '数据集已保存' : '数据集已创建');
      void client.invalidateQueries({ queryKey: ['data-sources'] });
      onClose();
    },
    onError: (e) => applyFieldError(form, e),
  });

  const specChanged = () => setStale(fields.length > 0);

  return (
    <Drawer
      title={editing ? '编辑数据集' : '新建数据集'}
      open={open}
      onClose={onClose}
      size={1100}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button loading={detect.isPending} onClick={() => detect.mutate()}>
            识别字段
          </Button>
          <Button disabled={!sourceId} onClick={() => onPreview({ ...spec(), ...(fields.length ? { fields } : {}) })}>
            预览
          </Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Spin spinning={editing && detail.isPending}>
        <Form name="dataset-drawer" form={form} layout="vertical" onFinish={(v) => save.mutate(v)} requiredMark>
          <Space.Compact block style={{ gap: 16 }}>
            <Form.Item
              name="name"
              label="名称"
              rules={[{ required: true, whitespace: true, message: '请填写名称' }]}
              style={{ flex: 1 }}
            >
              <TextInput maxLength={60} placeholder="例如：本科生学籍" />
            </Form.Item>
            <Form.Item
              name="sourceId"
              label="数据源"
              rules={[{ required: true, message: '请选择数据源' }]}
              style={{ flex: 1 }}
            >
              <Select
                disabled={editing}
                showSearch={{ optionFilterProp: 'label' }}
                loading={sources.isPending}
                placeholder="选择数据源"
                options={(sources.data ?? []).map((x) => ({
                  value: x.id,
                  label: `${x.name}（${DATA_SOURCE_KIND_TEXT[x.kind]}）`,
                }))}
                onChange={(v: number) => {
                  if (sources.data?.find((x) => x.id === v)?.kind === 'http') form.setFieldValue('kind', 'table');
                  specChanged();
                }}
              />
            </Form.Item>
          </Space.Compact>
          <Form.Item name="kind" label="取数方式">
            <Radio.Group
              optionType="button"
              onChange={specChanged}
              options={[
                { value: 'table', label: sourceKind === 'http' ? '接口路径' : '整张表' },
                { value: 'query', label: 'SQL 查询', disabled: sourceKind === 'http' },
              ]}
            />
          </Form.Item>
          {kind === 'table' ? (
            <Form.Item
              name="table"
              label={sourceKind === 'http' ? '接口路径' : '数据表'}
              rules={sourceKind === 'http' ? [] : [{ required: true, whitespace: true, message: '请选择数据表' }]}
              extra={
                sourceKind === 'http'
                  ? '追加在数据源地址之后，例如 books；留空表示数据源地址本身'
                  : '可从列表中选择，也可输入“模式.表名”'
              }
            >
              <AutoComplete
                aria-label="数据表"
                maxLength={500}
                onChange={specChanged}
                options={(tables.data ?? []).map((t) => ({ value: t }))}
                filterOption={(input, o) =>
                  String(o?.value ?? '')
                    .toLowerCase()
                    .includes(input.toLowerCase())
                }
                placeholder={tables.isFetching ? '正在读取数据表…' : undefined}
              />
            </Form.Item>
          ) : (
            <Form.Item
              name="sql"
              label="查询语句"
              rules={[{ required: true, whitespace: true, message: '请填写查询语句' }]}
              extra="只允许一条 SELECT（或 WITH … SELECT）语句；在只读事务中执行，有超时限制"
            >
              <TextArea className={s.sql} rows={6} maxLength={20000} onChange={specChanged} spellCheck={false} />
            </Form.Item>
          )}
          <Form.Item name="description" label="说明">
            <TextArea maxLength={500} rows={2} />
          </Form.Item>
        </Form>
        {stale && <Alert type="warning" showIcon style={{ marginBottom: 8 }} title="取数方式已修改，请重新识别字段" />}
        {tables.isError && (
          <Alert type="error" showIcon style={{ marginBottom: 8 }} title={(tables.error as Error).message} />
        )}
        <div className={s.fieldTable}>
          <FieldEditor value={fields} onChange={setFields} />
        </div>
      </Spin>
    </Drawer>
  );
}
