import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Col, Empty, Form, Row, Select, Skeleton, Space, Typography } from 'antd';
import { adminItem, adminListItems, fetchRuleOptions, saveRules } from '../../api';
import { STATUS_LABELS, type Rule, type RuleOptions } from '../../contract';

interface SideValue {
  everyone: boolean;
  signedIn: boolean;
  roles: number[];
  departments: number[];
  platforms: number[];
}

const toSide = (rules: Rule[]): SideValue => ({
  everyone: rules.some((r) => r.subject === 'public'),
  signedIn: rules.some((r) => r.subject === 'user'),
  roles: rules.filter((r) => r.subject === 'role').map((r) => r.subjectId),
  departments: rules.filter((r) => r.subject === 'dept').map((r) => r.subjectId),
  platforms: rules.filter((r) => r.subject === 'platform').map((r) => r.subjectId),
});

const toRules = (v: SideValue): Rule[] => [
  ...(v.everyone ? [{ subject: 'public' as const, subjectId: 0 }] : []),
  ...(v.signedIn ? [{ subject: 'user' as const, subjectId: 0 }] : []),
  ...v.roles.map((id) => ({ subject: 'role' as const, subjectId: id })),
  ...v.departments.map((id) => ({ subject: 'dept' as const, subjectId: id })),
  ...v.platforms.map((id) => ({ subject: 'platform' as const, subjectId: id })),
];

function SideFields({ side, options, visitors }: { side: 'see' | 'apply'; options: RuleOptions; visitors: boolean }) {
  return (
    <>
      <Space>
        {visitors && (
          <Form.Item name={[side, 'everyone']} valuePropName="checked" noStyle>
            <Checkbox>所有人（含未登录访客）</Checkbox>
          </Form.Item>
        )}
        <Form.Item name={[side, 'signedIn']} valuePropName="checked" noStyle>
          <Checkbox>所有登录用户</Checkbox>
        </Form.Item>
      </Space>
      <Form.Item name={[side, 'roles']} label="角色" style={{ marginTop: 12 }}>
        <Select
          mode="multiple"
          allowClear
          placeholder="选择角色"
          optionFilterProp="label"
          options={options.roles.map((r) => ({ value: r.id, label: r.name }))}
        />
      </Form.Item>
      <Form.Item name={[side, 'departments']} label="部门（含下级）">
        <Select
          mode="multiple"
          allowClear
          placeholder="选择部门"
          optionFilterProp="label"
          options={options.departments.map((d) => ({ value: d.id, label: d.name }))}
        />
      </Form.Item>
      <Form.Item name={[side, 'platforms']} label="平台">
        <Select
          mode="multiple"
          allowClear
          placeholder="选择平台"
          optionFilterProp="label"
          options={options.platforms.map((p) => ({ value: p.id, label: p.name }))}
        />
      </Form.Item>
    </>
  );
}

/**
 * /cms/serviceTool/itemPermission?id= 事项权限设置: who may see an item (visitors too) and who may
 * apply for it (signed-in users only: by role, department or platform).
 */
export default function ItemPermissionPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const [keyword, setKeyword] = useState('');
  const [form] = Form.useForm<{ see: SideValue; apply: SideValue }>();
  const [saving, setSaving] = useState(false);
  const options = useQuery({
    queryKey: ['service-hall', 'rule-options'],
    queryFn: () => fetchRuleOptions().then((r) => r.data),
  });
  const items = useQuery({
    queryKey: ['service-hall', 'permission-items', keyword],
    queryFn: () => adminListItems({ page: 1, pageSize: 50, keyword: keyword || undefined }).then((r) => r.data.list),
  });
  const item = useQuery({
    queryKey: ['service-hall', 'admin-item', id],
    queryFn: () => adminItem(id!).then((r) => r.data),
    enabled: id !== null,
  });
  useEffect(() => {
    if (item.data) form.setFieldsValue({ see: toSide(item.data.see), apply: toSide(item.data.apply) });
  }, [item.data, form]);

  const save = async () => {
    const v = form.getFieldsValue(true) as { see: SideValue; apply: SideValue };
    setSaving(true);
    try {
      await saveRules({ id: id!, see: toRules(v.see), apply: toRules({ ...v.apply, everyone: false }) });
      message.success('权限已保存');
      void client.invalidateQueries({ queryKey: ['service-hall'] });
    } catch {
      // toasted by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="事项权限设置">
      <Space style={{ marginBottom: 16 }}>
        <span>事项：</span>
        <Select<number>
          aria-label="选择事项"
          showSearch
          filterOption={false}
          onSearch={setKeyword}
          placeholder="搜索并选择事项"
          style={{ width: 360 }}
          value={id ?? undefined}
          loading={items.isPending}
          onChange={(v) => setParams({ id: String(v) })}
          options={[
            ...(item.data && !items.data?.some((i) => i.id === item.data.id)
              ? [{ value: item.data.id, label: item.data.name }]
              : []),
            ...(items.data ?? []).map((i) => ({
              value: i.id,
              label: `${i.name}（${i.departmentName} · ${STATUS_LABELS[i.status]}）`,
            })),
          ]}
        />
      </Space>
      {id === null ? (
        <Empty description="请选择要设置权限的事项" />
      ) : item.isPending || options.isPending || !options.data ? (
        <Skeleton active />
      ) : !item.data ? (
        <Empty description="事项不存在" />
      ) : (
        <Form form={form} layout="vertical">
          <Typography.Title level={5}>{item.data.name}</Typography.Title>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="可查看：满足任一条件即可在办事大厅看到该事项并阅读指南。可办理：在能查看的前提下，满足任一条件才能在线办理；访客须登录后办理。"
          />
          <Row gutter={24}>
            <Col span={12}>
              <Card size="small" title="谁可以查看">
                <SideFields side="see" options={options.data} visitors />
              </Card>
            </Col>
            <Col span={12}>
              <Card size="small" title="谁可以办理">
                <SideFields side="apply" options={options.data} visitors={false} />
              </Card>
            </Col>
          </Row>
          <Button type="primary" style={{ marginTop: 16 }} loading={saving} onClick={() => void save()}>
            保存权限
          </Button>
        </Form>
      )}
    </Card>
  );
}
