import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Divider,
  Drawer,
  Form,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { SearchInput, TextArea, TextInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { listTables } from '@/modules/data-tables/api';
import {
  deleteIndicator,
  evaluateNow,
  getMetricSource,
  listIndicators,
  previewMetric,
  saveIndicator,
  searchStaff,
  setIndicatorStatus,
} from '../../api';
import {
  AGGREGATION_LABELS,
  AGGREGATIONS,
  FILTER_OP_LABELS,
  FILTER_OPS,
  GRAIN_LABELS,
  GRAINS,
  LEVEL_COLORS,
  LEVEL_LABELS,
  LEVELS,
  type AggregateResult,
  type Aggregation,
  type FilterOp,
  type Grain,
  type IndicatorItem,
  type IndicatorSaveBody,
  type IndicatorStatus,
  type Level,
  type Metric,
} from '../../contract';
import { amount, time } from '../../components/format';

interface FilterRow {
  field?: string;
  op?: FilterOp;
  value?: string;
}
interface FormValues {
  name: string;
  code: string;
  description?: string;
  unit?: string;
  table?: string;
  aggregation: Aggregation;
  measure?: string | null;
  filters?: FilterRow[];
  timeField?: string | null;
  grain?: Grain | null;
  lastPeriods?: number | null;
  ownerIds: number[];
  thresholds: { bound: 'upper' | 'lower'; level: Level; value: number }[];
}

const NUMERIC = ['integer', 'decimal'];
const NO_VALUE: FilterOp[] = ['isNull', 'notNull'];

function metricOf(v: FormValues): Metric {
  return {
    table: v.table ?? '',
    aggregation: v.aggregation,
    measure: v.measure || null,
    filters: (v.filters ?? [])
      .filter((f) => f.field && f.op)
      .map((f) => {
        if (NO_VALUE.includes(f.op!)) return { field: f.field!, op: f.op! };
        const raw = (f.value ?? '').trim();
        const value =
          f.op === 'in'
            ? raw
                .split(/[,，]/)
                .map((x) => x.trim())
                .filter(Boolean)
            : raw;
        return { field: f.field!, op: f.op!, value };
      }),
    dimension: null,
    timeField: v.timeField || null,
    grain: v.timeField ? v.grain || null : null,
    window: v.timeField && v.lastPeriods ? { lastPeriods: v.lastPeriods } : null,
  };
}

function bodyOf(v: FormValues, id?: number): IndicatorSaveBody {
  return {
    ...(id ? { id } : {}),
    name: v.name.trim(),
    code: v.code.trim(),
    description: (v.description ?? '').trim(),
    unit: (v.unit ?? '').trim(),
    metric: metricOf(v),
    ownerIds: v.ownerIds,
    thresholds: v.thresholds,
  };
}

function valuesOf(i: IndicatorItem): FormValues {
  const m = i.metric;
  return {
    name: i.name,
    code: i.code,
    description: i.description,
    unit: i.unit,
    table: m.table,
    aggregation: m.aggregation,
    measure: m.measure,
    filters: m.filters.map((f) => ({
      field: f.field,
      op: f.op,
      value: Array.isArray(f.value) ? f.value.join('，') : f.value === undefined ? '' : String(f.value),
    })),
    timeField: m.timeField,
    grain: m.grain,
    lastPeriods: m.window?.lastPeriods ?? null,
    ownerIds: i.owners.map((o) => o.id),
    thresholds: i.thresholds,
  };
}

function OwnerSelect({
  value,
  onChange,
  initial,
}: {
  value?: number[];
  onChange?: (v: number[]) => void;
  initial: { value: number; label: string }[];
}) {
  const [kw, setKw] = useState('');
  const q = useQuery({
    queryKey: ['bi', 'staff', kw],
    queryFn: () => searchStaff(kw).then((r) => r.data),
    enabled: kw.trim().length > 0,
  });
  const found = (q.data ?? []).map((s) => ({ value: s.id, label: `${s.name}（${s.userNo}，${s.department}）` }));
  const options = [...initial, ...found.filter((f) => !initial.some((i) => i.value === f.value))];
  return (
    <Select
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setKw }}
      value={value}
      onChange={onChange}
      options={options}
      placeholder="输入姓名或工号查找教职工"
      notFoundContent={kw ? '无匹配的在职教职工' : '请输入姓名或工号'}
    />
  );
}

function Preview({ result, unit }: { result: AggregateResult; unit: string }) {
  const rows = result.rows.slice(-12);
  const last = result.rows.at(-1);
  return (
    <Alert
      type="info"
      showIcon
      title={`当前值：${amount(last?.value ?? null, unit)}${last?.period ? `（${last.period}）` : ''}`}
      description={
        rows.length > 1 ? (
          <Typography.Text type="secondary">
            最近各期：{rows.map((r) => `${r.period} ${amount(r.value, '')}`).join('；')}
          </Typography.Text>
        ) : null
      }
    />
  );
}

function IndicatorDrawer({ item, open, onClose }: { item: IndicatorItem | null; open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [preview, setPreview] = useState<AggregateResult | null>(null);
  const table = Form.useWatch('table', form);
  const aggregation = Form.useWatch('aggregation', form);
  const timeField = Form.useWatch('timeField', form);
  const unit = Form.useWatch('unit', form) ?? '';
  const tables = useQuery({
    queryKey: ['bi', 'tables'],
    queryFn: () => listTables({ page: 1, pageSize: 200 }).then((r) => r.data.list),
    enabled: open,
  });
  const source = useQuery({
    queryKey: ['bi', 'source', table],
    queryFn: () => getMetricSource(table!).then((r) => r.data),
    enabled: open && !!table,
  });
  const fields = source.data?.fields ?? [];
  const fieldOptions = (types?: string[]) =>
    fields
      .filter((f) => !types || types.includes(f.type))
      .map((f) => ({ value: f.name, label: `${f.label}（${f.name}）` }));
  const save = useMutation({
    mutationFn: (v: FormValues) => saveIndicator(bodyOf(v, item?.id)),
    onSuccess: () => {
      toast.success('已保存');
      void qc.invalidateQueries({ queryKey: ['bi', 'indicators'] });
      onClose();
    },
  });
  const run = useMutation({
    mutationFn: (v: FormValues) => previewMetric(metricOf(v)).then((r) => r.data),
    onSuccess: setPreview,
  });
  const initial: FormValues = item
    ? valuesOf(item)
    : {
        name: '',
        code: '',
        aggregation: 'count',
        ownerIds: [],
        thresholds: [{ bound: 'upper', level: 'warning', value: 0 }],
      };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={760}
      title={item ? `编辑指标：${item.name}` : '新建指标'}
      destroyOnHidden
      afterOpenChange={(o) => {
        if (o) {
          form.setFieldsValue(initial);
          setPreview(null);
        } else form.resetFields();
      }}
      extra={
        <Space>
          <Button
            loading={run.isPending}
            onClick={() =>
              void form.validateFields().then(
                (v) => run.mutate(v),
                () => undefined,
              )
            }
          >
            预览当前值
          </Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() =>
              void form.validateFields().then(
                (v) => save.mutate(v),
                () => undefined,
              )
            }
          >
            保存
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label="指标名称" rules={[{ required: true, whitespace: true, max: 60 }]}>
              <TextInput maxLength={60} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="code"
              label="指标编码"
              rules={[
                {
                  required: true,
                  pattern: /^[a-z][a-z0-9_]{1,39}$/,
                  message: '小写字母开头，2–40 位小写字母、数字或下划线',
                },
              ]}
            >
              <TextInput maxLength={40} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label="说明">
          <TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Divider titlePlacement="start">取值</Divider>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="table" label="数据表" rules={[{ required: true, message: '请选择数据表' }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={tables.isPending}
                options={(tables.data ?? []).map((t) => ({ value: t.code, label: `${t.name}（${t.code}）` }))}
                onChange={() => form.setFieldsValue({ measure: null, timeField: null, filters: [] })}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="aggregation" label="汇总方式" rules={[{ required: true }]}>
              <Select options={AGGREGATIONS.map((a) => ({ value: a, label: AGGREGATION_LABELS[a] }))} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="measure"
              label="度量字段"
              rules={[{ required: aggregation !== 'count', message: '请选择字段' }]}
            >
              <Select
                allowClear
                placeholder={aggregation === 'count' ? '行数' : ''}
                options={fieldOptions(['count', 'countDistinct'].includes(aggregation) ? undefined : NUMERIC)}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="timeField" label="时间字段">
              <Select allowClear placeholder="不按时间" options={fieldOptions(['date', 'datetime'])} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="grain" label="统计周期">
              <Select
                allowClear
                disabled={!timeField}
                placeholder="整体"
                options={GRAINS.map((g) => ({ value: g, label: `按${GRAIN_LABELS[g]}` }))}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="lastPeriods" label="最近期数" tooltip="截至最新数据的最近 N 期（无统计周期时为天）">
              <InputNumber min={1} max={400} precision={0} disabled={!timeField} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.List name="filters">
          {(items, { add, remove }) => (
            <>
              {items.map((f) => (
                <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[f.name, 'field']} rules={[{ required: true, message: '字段' }]}>
                    <Select style={{ width: 220 }} placeholder="筛选字段" options={fieldOptions()} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'op']} rules={[{ required: true, message: '条件' }]}>
                    <Select
                      style={{ width: 120 }}
                      options={FILTER_OPS.map((o) => ({ value: o, label: FILTER_OP_LABELS[o] }))}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'value']}>
                    <TextInput style={{ width: 260 }} placeholder="值（属于：用逗号分隔）" maxLength={200} />
                  </Form.Item>
                  <MinusCircleOutlined aria-label="删除条件" onClick={() => remove(f.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} disabled={!table} onClick={() => add({ op: 'eq' })}>
                添加筛选条件
              </Button>
            </>
          )}
        </Form.List>
        {preview && (
          <div style={{ marginTop: 16 }}>
            <Preview result={preview} unit={unit} />
          </div>
        )}
        <Divider titlePlacement="start">阈值与负责人</Divider>
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item name="unit" label="单位">
              <TextInput maxLength={20} placeholder="如：元、人次" />
            </Form.Item>
          </Col>
          <Col span={18}>
            <Form.Item name="ownerIds" label="负责人" rules={[{ required: true, message: '请选择负责人' }]}>
              <OwnerSelect
                initial={(item?.owners ?? []).map((o) => ({ value: o.id, label: `${o.name}（${o.userNo}）` }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.List
          name="thresholds"
          rules={[
            {
              validator: async (_, v: unknown[]) => {
                if (!v?.length) throw new Error('至少设置一个阈值');
              },
            },
          ]}
        >
          {(items, { add, remove }, { errors }) => (
            <>
              {items.map((f) => (
                <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[f.name, 'bound']} rules={[{ required: true }]}>
                    <Select
                      style={{ width: 140 }}
                      options={[
                        { value: 'upper', label: '上限（高于）' },
                        { value: 'lower', label: '下限（低于）' },
                      ]}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'value']} rules={[{ required: true, message: '阈值' }]}>
                    <InputNumber style={{ width: 180 }} placeholder="阈值" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'level']} rules={[{ required: true }]}>
                    <Select
                      style={{ width: 120 }}
                      options={LEVELS.map((l) => ({ value: l, label: LEVEL_LABELS[l] }))}
                    />
                  </Form.Item>
                  {items.length > 1 && <MinusCircleOutlined aria-label="删除阈值" onClick={() => remove(f.name)} />}
                </Space>
              ))}
              <Form.ErrorList errors={errors} />
              {items.length < 6 && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ bound: 'upper', level: 'warning' })}>
                  添加阈值
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}

/**
 * 插件 → BI → 指标管理 (/cms/plugins/bi/indicator): indicators over the data tables, with thresholds
 * and owners; 启用 / 停用 lists, preview of the current value, delete while never evaluated.
 */
export default function IndicatorManagePage() {
  const qc = useQueryClient();
  const [status, setStatus] = useState<IndicatorStatus>('active');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<IndicatorItem | null>(null);
  const [open, setOpen] = useState(false);
  const q = useQuery({
    queryKey: ['bi', 'indicators', status, keyword, page],
    queryFn: () => listIndicators({ status, page, pageSize: 10, ...(keyword ? { keyword } : {}) }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['bi', 'indicators'] });
  const toggle = useMutation({
    mutationFn: (i: IndicatorItem) => setIndicatorStatus(i.id, i.status === 'active' ? 'inactive' : 'active'),
    onSuccess: () => {
      toast.success('已更新');
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteIndicator(id),
    onSuccess: () => {
      toast.success('已删除');
      refresh();
    },
  });
  const evaluate = useMutation({
    mutationFn: evaluateNow,
    onSuccess: () => toast.success('已排队计算，稍后刷新查看'),
  });
  return (
    <Card
      title="指标管理"
      extra={
        <Space>
          <SearchInput
            allowClear
            placeholder="指标名称或编码"
            style={{ width: 240 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
          />
          <Button loading={evaluate.isPending} onClick={() => evaluate.mutate()}>
            立即计算
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
          >
            新建指标
          </Button>
        </Space>
      }
    >
      <Tabs
        activeKey={status}
        onChange={(k) => {
          setStatus(k as IndicatorStatus);
          setPage(1);
        }}
        items={[
          { key: 'active', label: '启用中' },
          { key: 'inactive', label: '已停用' },
        ]}
      />
      <Table<IndicatorItem>
        rowKey="id"
        loading={q.isPending}
        dataSource={q.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: 10,
          total: q.data?.total ?? 0,
          onChange: setPage,
          showTotal: (n) => `共 ${n} 个`,
        }}
        columns={[
          {
            title: '指标',
            render: (_, i) => (
              <>
                <div>{i.name}</div>
                <Typography.Text type="secondary">{i.code}</Typography.Text>
              </>
            ),
          },
          {
            title: '取值',
            render: (_, i) =>
              `${i.metric.table} · ${AGGREGATION_LABELS[i.metric.aggregation]}${i.metric.measure ? `(${i.metric.measure})` : ''}${
                i.metric.grain ? ` · 按${GRAIN_LABELS[i.metric.grain]}` : ''
              }`,
          },
          {
            title: '阈值',
            render: (_, i) => (
              <Space size={4} wrap>
                {i.thresholds.map((t, k) => (
                  <Tag key={k} color={LEVEL_COLORS[t.level]}>
                    {t.bound === 'upper' ? '>' : '<'} {t.value} {LEVEL_LABELS[t.level]}
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            title: '最新值',
            render: (_, i) =>
              i.lastError ? (
                <Typography.Text type="danger">{i.lastError}</Typography.Text>
              ) : (
                <>
                  {amount(i.lastValue, i.unit)} {i.openLevel && <Tag color={LEVEL_COLORS[i.openLevel]}>预警中</Tag>}
                  <div>
                    <Typography.Text type="secondary">
                      {i.lastPeriod ?? ''} {i.lastEvaluatedAt ? `计算于 ${time(i.lastEvaluatedAt)}` : '尚未计算'}
                    </Typography.Text>
                  </div>
                </>
              ),
          },
          { title: '负责人', render: (_, i) => i.owners.map((o) => o.name).join('、') },
          {
            title: '操作',
            width: 180,
            render: (_, i) => (
              <Space>
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    setEditing(i);
                    setOpen(true);
                  }}
                >
                  编辑
                </Button>
                <Button type="link" size="small" onClick={() => toggle.mutate(i)}>
                  {i.status === 'active' ? '停用' : '启用'}
                </Button>
                {i.lastEvaluatedAt === null && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() =>
                      Modal.confirm({
                        title: `删除指标「${i.name}」？`,
                        okButtonProps: { danger: true },
                        onOk: () => remove.mutateAsync(i.id),
                      })
                    }
                  >
                    删除
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <IndicatorDrawer item={editing} open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
