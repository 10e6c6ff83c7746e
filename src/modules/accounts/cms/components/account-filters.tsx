import { Button, Form, Select, Space, TreeSelect } from 'antd';
import {
  ACCOUNT_KINDS,
  ACCOUNT_STATUSES,
  KIND_TEXT,
  STATUS_TEXT,
  type AccountFilter,
} from '@/modules/accounts/contract';
import { useDepartmentOptions, useRoleOptions } from './lookups';
import { TextInput } from '@/core/ui/text-input';

export type FilterValues = Partial<Pick<AccountFilter, 'keyword' | 'departmentId' | 'roleId' | 'kind' | 'status'>>;

/** The list's filter bar: keyword, department (with its sub-departments), role, type, status. */
export function AccountFilters({ onSearch }: { onSearch: (f: FilterValues) => void }) {
  const [form] = Form.useForm<FilterValues>();
  const departments = useDepartmentOptions();
  const roles = useRoleOptions();
  const submit = (v: FilterValues) => {
    const clean = Object.fromEntries(
      Object.entries(v).filter(([, x]) => x !== undefined && x !== null && x !== ''),
    ) as FilterValues;
    if (clean.keyword) clean.keyword = clean.keyword.trim();
    onSearch(clean);
  };
  return (
    <Form name="account-filters" form={form} layout="inline" onFinish={submit} style={{ rowGap: 12 }}>
      <Form.Item name="keyword">
        <TextInput
          allowClear
          placeholder="用户名 / 姓名 / 学工号"
          maxLength={50}
          style={{ width: 220 }}
          aria-label="关键字"
        />
      </Form.Item>
      <Form.Item name="departmentId">
        <TreeSelect
          key={departments.loading ? 'loading' : 'ready'}
          allowClear
          showSearch
          treeNodeFilterProp="title"
          placeholder="部门（含下级）"
          aria-label="部门"
          treeData={departments.options}
          loading={departments.loading}
          treeDefaultExpandedKeys={departments.rootKeys}
          style={{ width: 220 }}
          popupMatchSelectWidth={false}
        />
      </Form.Item>
      <Form.Item name="roleId">
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="角色"
          aria-label="角色"
          options={roles.options}
          loading={roles.loading}
          style={{ width: 160 }}
        />
      </Form.Item>
      <Form.Item name="kind">
        <Select
          allowClear
          placeholder="类型"
          aria-label="类型"
          style={{ width: 120 }}
          options={ACCOUNT_KINDS.map((k) => ({ value: k, label: KIND_TEXT[k] }))}
        />
      </Form.Item>
      <Form.Item name="status">
        <Select
          allowClear
          placeholder="状态"
          aria-label="状态"
          style={{ width: 120 }}
          options={ACCOUNT_STATUSES.map((s) => ({ value: s, label: STATUS_TEXT[s] }))}
        />
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
        </Space>
      </Form.Item>
    </Form>
  );
}
