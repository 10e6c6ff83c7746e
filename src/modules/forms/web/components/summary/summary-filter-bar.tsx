import { useState } from 'react';
import { Button, Col, DatePicker, Form, InputNumber, Row, Select, Space } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import {
  filterableColumns,
  filterKindOf,
  toFilterParams,
  type FilterFormValues,
  type FilterParams,
} from './summary-filters';
import type { SummaryField } from './summary-fields';
import s from './summary.module.css';
import { TextInput } from '@/core/ui/text-input';

/** Filters shown before 展开: at 1920 px they share one row with the submitted-time range and the buttons. */
const COLLAPSED = 2;
const COL = { xs: 24, md: 12, xl: 8, xxl: 6 };

function FieldFilter({ field }: { field: SummaryField }) {
  const kind = filterKindOf(field.type);
  if (kind === 'contains') {
    return (
      <Form.Item name={['fields', field.id]} label={field.label}>
        <TextInput allowClear maxLength={100} placeholder="输入关键词" aria-label={field.label} />
      </Form.Item>
    );
  }
  if (kind === 'yesNo') {
    return (
      <Form.Item name={['fields', field.id]} label={field.label}>
        <Select
          allowClear
          placeholder="全部"
          aria-label={field.label}
          options={[
            { value: '是', label: '是' },
            { value: '否', label: '否' },
          ]}
        />
      </Form.Item>
    );
  }
  if (kind === 'option') {
    return (
      <Form.Item name={['fields', field.id]} label={field.label}>
        {field.options?.length ? (
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="全部"
            aria-label={field.label}
            options={field.options}
          />
        ) : (
          // Options unknown (no stored definition yet): match the stored option value as typed.
          <TextInput allowClear maxLength={100} placeholder="选项值" aria-label={field.label} />
        )}
      </Form.Item>
    );
  }
  if (kind === 'number') {
    return (
      <Form.Item label={field.label} className={s.rangeItem}>
        <Space.Compact block>
          <Form.Item name={['fields', field.id, 'min']} noStyle>
            <InputNumber placeholder="最小值" aria-label={`${field.label}最小值`} className={s.half} />
          </Form.Item>
          <Form.Item name={['fields', field.id, 'max']} noStyle>
            <InputNumber placeholder="最大值" aria-label={`${field.label}最大值`} className={s.half} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
    );
  }
  return (
    <Form.Item name={['fields', field.id]} label={field.label}>
      <DatePicker.RangePicker allowEmpty={[true, true]} className={s.full} aria-label={field.label} />
    </Form.Item>
  );
}

export interface SummaryFilterBarProps {
  fields: SummaryField[];
  /** The filters in force (read back from the address), shown in the controls. */
  initial: FilterFormValues;
  onSearch: (params: FilterParams) => void;
}

/** Filters built from the form's columns, plus the submitted-time range; 查询 hands back the query's filter params. */
export function SummaryFilterBar({ fields, initial, onSearch }: SummaryFilterBarProps) {
  const [form] = Form.useForm<FilterFormValues>();
  const filterable = filterableColumns(fields) as SummaryField[];
  // Start expanded when a filter beyond the first row is in force, so nothing applied is out of sight.
  const [expanded, setExpanded] = useState(() =>
    filterable.slice(COLLAPSED).some((f) => initial.fields?.[f.id] !== undefined),
  );
  const shown = expanded ? filterable : filterable.slice(0, COLLAPSED);
  // resetFields would go back to the initial (address) filters: clear every control instead.
  const clear = () => {
    form.setFieldsValue({ fields: Object.fromEntries(filterable.map((f) => [f.id, undefined])), submitted: undefined });
    onSearch({});
  };

  return (
    <Form<FilterFormValues>
      name="summary-filters"
      form={form}
      initialValues={initial}
      labelCol={{ flex: '96px' }}
      labelWrap
      className={s.filterBar}
      onFinish={() => onSearch(toFilterParams(fields, form.getFieldsValue(true) as FilterFormValues))}
    >
      <Row gutter={16}>
        {shown.map((f) => (
          <Col key={f.id} {...COL}>
            <FieldFilter field={f} />
          </Col>
        ))}
        <Col {...COL}>
          <Form.Item name="submitted" label="提交时间">
            <DatePicker.RangePicker allowEmpty={[true, true]} className={s.full} aria-label="提交时间" />
          </Form.Item>
        </Col>
        <Col flex="auto" className={s.filterButtons}>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button onClick={clear}>重置</Button>
            {filterable.length > COLLAPSED && (
              <Button
                type="link"
                onClick={() => setExpanded((e) => !e)}
                icon={expanded ? <UpOutlined /> : <DownOutlined />}
                iconPlacement="end"
              >
                {expanded ? '收起' : `展开（${filterable.length - COLLAPSED}）`}
              </Button>
            )}
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
