import { Button, DatePicker, Form, Select, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { AUDIT_ACTION_TEXT, type AuditExportQuery } from '@/modules/maintenance/contract';
import s from '../pages/maintenance-page.module.css';
import { TextInput } from '@/core/ui/text-input';

export type AuditFilter = AuditExportQuery;

interface FormValues {
  action?: string;
  actor?: string;
  result?: 'ok' | 'fail';
  range?: [Dayjs | null, Dayjs | null] | null;
}

const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_TEXT).map(([value, label]) => ({ value, label }));

/** Form values → the query the server takes: blank fields left out, days widened to whole days (ms). */
export function toFilter(v: FormValues): AuditFilter {
  const f: AuditFilter = {};
  if (v.action) f.action = v.action;
  const actor = v.actor?.trim();
  if (actor) f.actor = actor;
  if (v.result) f.result = v.result;
  const [start, end] = v.range ?? [];
  if (start) f.from = start.startOf('day').valueOf();
  if (end) f.to = end.endOf('day').valueOf();
  return f;
}

/** Filters of the audit log: action, actor keyword, result, date range; search, reset and export. */
export function AuditFilters({
  onSearch,
  onExport,
  exporting,
}: {
  onSearch: (f: AuditFilter) => void;
  onExport: (f: AuditFilter) => void;
  exporting: boolean;
}) {
  const [form] = Form.useForm<FormValues>();
  return (
    <Form
      name="audit-filters"
      form={form}
      layout="inline"
      className={s.filters}
      onFinish={(v) => onSearch(toFilter(v))}
    >
      <Form.Item label="操作" name="action">
        <Select
          aria-label="操作"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="全部操作"
          options={ACTION_OPTIONS}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item label="操作人" name="actor">
        <TextInput aria-label="操作人" allowClear placeholder="用户名关键字" maxLength={60} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item label="结果" name="result">
        <Select
          aria-label="结果"
          allowClear
          placeholder="全部"
          style={{ width: 110 }}
          options={[
            { value: 'ok', label: '成功' },
            { value: 'fail', label: '失败' },
          ]}
        />
      </Form.Item>
      <Form.Item label="时间" name="range">
        <DatePicker.RangePicker aria-label="时间" allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            重置
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => onExport(toFilter(form.getFieldsValue()))}
          >
            导出
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
