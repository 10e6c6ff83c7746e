import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  Col,
  Divider,
  Drawer,
  Flex,
  Form,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { TextArea, TextInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { listTables } from '@/modules/data-tables/api';
import { getReportSource, previewReport, saveReport } from '../../api';
import {
  GROUP_GRAINS,
  GROUP_GRAIN_LABELS,
  PARAM_OPS,
  PARAM_OP_LABELS,
  REPORT_AGGREGATIONS,
  REPORT_AGGREGATION_LABELS,
  REPORT_LIMITS,
  type GroupGrain,
  type ParamValue,
  type ReportAggregation,
  type ReportDesign,
  type ReportItem,
  type ReportParam,
} from '../../contract';
import { ReportTable } from '../../components/report-table';

/** A column as the form holds it: aggregation '' = a plain field. */
interface ColumnForm {
  label: string;
  aggregation: ReportAggregation | '';
  field?: string | null;
  decimals: number;
  thousands: boolean;
}
interface GroupForm {
  label: string;
  field?: string;
  grain?: GroupGrain | null;
}
/** A parameter as the form holds it: its default in the shape of its op. */
interface ParamForm {
  name: string;
  label: string;
  field?: string;
  op: ReportParam['op'];
  required: boolean;
  dText?: string;
  dList?: string[];
  dFrom?: string;
  dTo?: string;
}
export interface EditorValues {
  name: string;
  description: string;
  isTemplate: boolean;
  table?: string;
  groups: GroupForm[];
  columns: ColumnForm[];
  params: ParamForm[];
  sortColumn: number;
  desc: boolean;
  showTotal: boolean;
}

const NUMERIC = new Set(['integer', 'decimal']);
const TEMPORAL = new Set(['date', 'datetime']);

function defaultOf(p: ParamForm): ParamValue {
  if (p.op === 'range') return [p.dFrom?.trim() ?? '', p.dTo?.trim() ?? ''];
  if (p.op === 'in') return (p.dList ?? []).map((x) => x.trim()).filter(Boolean);
  return p.dText ?? '';
}

/** The form's values as the contract's design (the server checks it again). */
export function toDesign(v: EditorValues): ReportDesign {
  return {
    table: v.table ?? '',
    groups: (v.groups ?? []).map((g) => ({ field: g.field ?? '', label: g.label, grain: g.grain ?? null })),
    columns: (v.columns ?? []).map((c) => ({
      field: c.field ?? null,
      aggregation: c.aggregation === '' ? null : c.aggregation,
      label: c.label,
      decimals: c.decimals ?? 0,
      thousands: !!c.thousands,
    })),
    params: (v.params ?? []).map((p) => ({
      name: p.name,
      label: p.label,
      field: p.field ?? '',
      op: p.op,
      required: !!p.required,
      defaultValue: defaultOf(p),
    })),
    sort: { column: v.sortColumn ?? -1, desc: !!v.desc },
    showTotal: v.showTotal ?? true,
  };
}

export function toForm(r: ReportItem | null): EditorValues {
  if (!r)
    return {
      name: '',
      description: '',
      isTemplate: false,
      groups: [],
      columns: [{ label: '行数', aggregation: 'count', field: null, decimals: 0, thousands: true }],
      params: [],
      sortColumn: -1,
      desc: false,
      showTotal: true,
    };
  const d = r.design;
  return {
    name: r.name,
    description: r.description,
    isTemplate: r.isTemplate,
    table: d.table,
    groups: d.groups.map((g) => ({ ...g })),
    columns: d.columns.map((c) => ({ ...c, aggregation: c.aggregation ?? '' })),
    params: d.params.map((p) => ({
      name: p.name,
      label: p.label,
      field: p.field,
      op: p.op,
      required: p.required,
      dText: typeof p.defaultValue === 'string' ? p.defaultValue : '',
      dList: Array.isArray(p.defaultValue) && p.op === 'in' ? p.defaultValue : [],
      dFrom: Array.isArray(p.defaultValue) && p.op === 'range' ? (p.defaultValue[0] ?? '') : '',
      dTo: Array.isArray(p.defaultValue) && p.op === 'range' ? (p.defaultValue[1] ?? '') : '',
    })),
    sortColumn: d.sort.column,
    desc: d.sort.desc,
    showTotal: d.showTotal,
  };
}

/**
 * The report editor (报表管理 → 新建 / 编辑): source table, groups (0–3), columns (plain fields or
 * measures with their number format), parameters with defaults, sort and total; 预览 runs the unsaved
 * design through the server with the parameters' defaults.
 */
export function ReportEditor({
  open,
  report,
  onClose,
  onSaved,
}: {
  open: boolean;
  report: ReportItem | null;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const qc = useQueryClient();
  const [form] = Form.useForm<EditorValues>();
  const table = Form.useWatch('table', form);
  const columns = (Form.useWatch('columns', form) ?? []) as ColumnForm[];
  useEffect(() => {
    if (open) form.setFieldsValue(toForm(report));
  }, [open, report, form]);
  const tables = useQuery({
    queryKey: ['bi-reports', 'tables'],
    queryFn: () => listTables({ page: 1, pageSize: 200 }).then((r) => r.data.list),
    enabled: open,
  });
  const source = useQuery({
    queryKey: ['bi-reports', 'source', table],
    queryFn: () => getReportSource(table!).then((r) => r.data),
    enabled: open && !!table,
  });
  const fields = source.data?.fields ?? [];
  const fieldOptions = (pred: (t: string) => boolean = () => true) =>
    fields.filter((f) => pred(f.type)).map((f) => ({ value: f.name, label: `${f.label}（${f.name}）` }));
  const typeOf = (name?: string | null) => fields.find((f) => f.name === name)?.type ?? '';

  const preview = useMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      return previewReport({ design: toDesign(v), params: {}, page: 1, pageSize: 20 }).then((r) => r.data);
    },
  });
  const save = useMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      return saveReport({
        ...(report ? { id: report.id } : {}),
        name: v.name,
        description: v.description ?? '',
        isTemplate: !!v.isTemplate,
        design: toDesign(v),
      }).then((r) => r.data);
    },
    onSuccess: (r) => {
      toast.success('已保存');
      void qc.invalidateQueries({ queryKey: ['bi-reports'] });
      onSaved(r.id);
    },
  });
  const measureChoices = columns
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c?.aggregation)
    .map(({ c, i }) => ({ value: i, label: `按“${c.label || `第 ${i + 1} 列`}”` }));

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={1240}
      title={report ? `编辑报表：${report.name}` : '新建报表'}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={() => preview.mutate()} loading={preview.isPending}>
            预览
          </Button>
          <Button type="primary" onClick={() => save.mutate()} loading={save.isPending}>
            保存
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={toForm(report)} requiredMark>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="name"
              label="报表名称"
              rules={[{ required: true, whitespace: true, message: '请填写报表名称' }]}
            >
              <TextInput maxLength={REPORT_LIMITS.name} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="table" label="数据表" rules={[{ required: true, message: '请选择数据表' }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={tables.isPending}
                options={(tables.data ?? []).map((t) => ({ value: t.code, label: `${t.name}（${t.code}）` }))}
              />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="showTotal" label="合计行" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="isTemplate" label="作为模板" valuePropName="checked">
              <Switch disabled={!!report && report.status !== 'draft'} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label="说明">
          <TextArea rows={2} maxLength={REPORT_LIMITS.description} />
        </Form.Item>

        <Divider titlePlacement="start">分组（最多 {REPORT_LIMITS.groups} 级，逐级小计）</Divider>
        <Form.List name="groups">
          {(items, { add, remove }) => (
            <Flex vertical align="start">
              {items.map(({ key, name }) => (
                <Space key={key} align="baseline" wrap>
                  <Typography.Text type="secondary">第 {name + 1} 级</Typography.Text>
                  <Form.Item name={[name, 'field']} rules={[{ required: true, message: '请选择字段' }]}>
                    <Select aria-label="分组字段" style={{ width: 240 }} placeholder="字段" options={fieldOptions()} />
                  </Form.Item>
                  <Form.Item
                    name={[name, 'label']}
                    rules={[{ required: true, whitespace: true, message: '请填写列名' }]}
                  >
                    <TextInput aria-label="分组列名" placeholder="列名" maxLength={REPORT_LIMITS.label} />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate>
                    {() => (
                      <Form.Item name={[name, 'grain']}>
                        <Select
                          aria-label="日期分组"
                          style={{ width: 120 }}
                          allowClear
                          placeholder="原值"
                          disabled={!TEMPORAL.has(typeOf(form.getFieldValue(['groups', name, 'field'])))}
                          options={GROUP_GRAINS.map((g) => ({ value: g, label: GROUP_GRAIN_LABELS[g] }))}
                        />
                      </Form.Item>
                    )}
                  </Form.Item>
                  <MinusCircleOutlined aria-label="删除分组" onClick={() => remove(name)} />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={!table || items.length >= REPORT_LIMITS.groups}
                onClick={() => add({ label: '', grain: null })}
              >
                添加分组
              </Button>
            </Flex>
          )}
        </Form.List>

        <Divider titlePlacement="start">列（明细字段或汇总，至少一个汇总列）</Divider>
        <Form.List name="columns">
          {(items, { add, remove }) => (
            <Flex vertical align="start">
              {items.map(({ key, name }) => {
                const agg = columns[name]?.aggregation ?? '';
                return (
                  <Space key={key} align="baseline" wrap>
                    <Form.Item name={[name, 'aggregation']}>
                      <Select
                        aria-label="汇总方式"
                        style={{ width: 130 }}
                        options={[
                          { value: '', label: '明细字段' },
                          ...REPORT_AGGREGATIONS.map((a) => ({ value: a, label: REPORT_AGGREGATION_LABELS[a] })),
                        ]}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[name, 'field']}
                      rules={[
                        ({ getFieldValue }) => ({
                          // Count may count rows (no field); every other column needs one.
                          validator: (_, v) =>
                            getFieldValue(['columns', name, 'aggregation']) === 'count' || v
                              ? Promise.resolve()
                              : Promise.reject(new Error('请选择字段')),
                        }),
                      ]}
                    >
                      <Select
                        aria-label="列字段"
                        style={{ width: 240 }}
                        allowClear={agg === 'count'}
                        placeholder={agg === 'count' ? '行数（不选字段）' : '字段'}
                        options={fieldOptions(
                          ['sum', 'avg', 'min', 'max'].includes(agg) ? (t) => NUMERIC.has(t) : undefined,
                        )}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[name, 'label']}
                      rules={[{ required: true, whitespace: true, message: '请填写列名' }]}
                    >
                      <TextInput aria-label="列名" placeholder="列名" maxLength={REPORT_LIMITS.label} />
                    </Form.Item>
                    <Form.Item name={[name, 'decimals']} hidden={!agg}>
                      <InputNumber aria-label="小数位" prefix="小数位" min={0} max={4} style={{ width: 110 }} />
                    </Form.Item>
                    <Form.Item name={[name, 'thousands']} valuePropName="checked" hidden={!agg}>
                      <Checkbox>千分位</Checkbox>
                    </Form.Item>
                    <MinusCircleOutlined aria-label="删除列" onClick={() => remove(name)} />
                  </Space>
                );
              })}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={!table || items.length >= REPORT_LIMITS.columns}
                onClick={() => add({ label: '', aggregation: 'count', field: null, decimals: 0, thousands: true })}
              >
                添加列
              </Button>
            </Flex>
          )}
        </Form.List>

        <Divider titlePlacement="start">参数（查看者填写的筛选条件）</Divider>
        <Form.List name="params">
          {(items, { add, remove }) => (
            <Flex vertical align="start">
              {items.map(({ key, name }) => (
                <Space key={key} align="baseline" wrap>
                  <Form.Item
                    name={[name, 'name']}
                    rules={[{ required: true, pattern: /^[a-z][a-z0-9_]{0,29}$/, message: '小写字母开头的英文标识' }]}
                  >
                    <TextInput aria-label="参数标识" placeholder="标识（如 college）" style={{ width: 150 }} />
                  </Form.Item>
                  <Form.Item
                    name={[name, 'label']}
                    rules={[{ required: true, whitespace: true, message: '请填写名称' }]}
                  >
                    <TextInput
                      aria-label="参数名称"
                      placeholder="名称"
                      style={{ width: 120 }}
                      maxLength={REPORT_LIMITS.label}
                    />
                  </Form.Item>
                  <Form.Item name={[name, 'field']} rules={[{ required: true, message: '请选择字段' }]}>
                    <Select aria-label="参数字段" style={{ width: 200 }} placeholder="字段" options={fieldOptions()} />
                  </Form.Item>
                  <Form.Item name={[name, 'op']}>
                    <Select
                      aria-label="参数方式"
                      style={{ width: 170 }}
                      options={PARAM_OPS.map((o) => ({ value: o, label: PARAM_OP_LABELS[o] }))}
                    />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate>
                    {() => {
                      const op = form.getFieldValue(['params', name, 'op']) as ReportParam['op'];
                      if (op === 'range')
                        return (
                          <Space.Compact>
                            <Form.Item name={[name, 'dFrom']} noStyle>
                              <TextInput aria-label="默认起" placeholder="默认起（可空）" style={{ width: 140 }} />
                            </Form.Item>
                            <Form.Item name={[name, 'dTo']} noStyle>
                              <TextInput aria-label="默认止" placeholder="默认止（可空）" style={{ width: 140 }} />
                            </Form.Item>
                          </Space.Compact>
                        );
                      if (op === 'in')
                        return (
                          <Form.Item name={[name, 'dList']}>
                            <Select
                              aria-label="默认值"
                              mode="tags"
                              placeholder="默认值（可空）"
                              style={{ width: 220 }}
                            />
                          </Form.Item>
                        );
                      return (
                        <Form.Item name={[name, 'dText']}>
                          <TextInput aria-label="默认值" placeholder="默认值（可空）" style={{ width: 160 }} />
                        </Form.Item>
                      );
                    }}
                  </Form.Item>
                  <Form.Item name={[name, 'required']} valuePropName="checked">
                    <Checkbox>必填</Checkbox>
                  </Form.Item>
                  <MinusCircleOutlined aria-label="删除参数" onClick={() => remove(name)} />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={!table || items.length >= REPORT_LIMITS.params}
                onClick={() => add({ name: `p${items.length + 1}`, label: '', op: 'eq', required: false })}
              >
                添加参数
              </Button>
            </Flex>
          )}
        </Form.List>

        <Divider titlePlacement="start">排序</Divider>
        <Space wrap>
          <Form.Item name="sortColumn" label="分组排序">
            <Select
              aria-label="分组排序"
              style={{ width: 240 }}
              options={[{ value: -1, label: '按分组的值' }, ...measureChoices]}
            />
          </Form.Item>
          <Form.Item name="desc" label="降序" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
      <Card size="small" title="预览（参数取默认值，第一页）" style={{ marginTop: 8 }}>
        {preview.data ? (
          <ReportTable result={preview.data} />
        ) : (
          <Flex justify="center" style={{ padding: 24 }}>
            <Typography.Text type="secondary">点击右上角“预览”，用当前设计查询数据</Typography.Text>
          </Flex>
        )}
      </Card>
    </Drawer>
  );
}
