import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Modal, Select, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { issuePermit, revokePermit, staffPermits, staffScope } from '../../api';
import { PERMIT_STATUSES, PERMIT_STATUS_LABELS, type PermitRow, type PermitStatus } from '../../contract';
import { PERMIT_STATUS_COLORS, time } from '../../components/labels';
import { SearchInput, TextArea, TextInput } from '@/core/ui/text-input';
import { usePagedList } from '../components/use-paged-list';

const PAGE_SIZE = 20;

/** 证照管理 (/web/serviceDesk/permits, /cms/serviceTool/permits): my department's permits — issue by hand, print, revoke with a reason. */
export default function PermitDeskPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { pathname } = useLocation();
  const printPath = (id: number) =>
    pathname.startsWith('/cms')
      ? `/cms/serviceTool/permitPrint?id=${id}`
      : `/web/eventService/electronicWorkPermit?id=${id}`;
  const [status, setStatus] = useState<PermitStatus | undefined>();
  const [keyword, setKeyword] = useState('');
  const [issuing, setIssuing] = useState(false);
  const [revoking, setRevoking] = useState<PermitRow | null>(null);
  const [issueForm] = Form.useForm<{ itemId: number; holderNo: string; validUntil?: Dayjs }>();
  const [revokeForm] = Form.useForm<{ reason: string }>();
  const { setPage, table } = usePagedList(
    ['permit', 'desk'],
    staffPermits,
    { status, keyword: keyword || undefined },
    PAGE_SIZE,
  );
  const scope = useQuery({ queryKey: ['booking', 'scope'], queryFn: () => staffScope().then((r) => r.data) });
  const permitItems = (scope.data?.items ?? []).filter((i) => i.issuesPermit);
  return (
    <Card
      title="证照管理"
      extra={
        <Space wrap>
          <Select<PermitStatus>
            allowClear
            placeholder="全部状态"
            style={{ width: 110 }}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={PERMIT_STATUSES.map((v) => ({ value: v, label: PERMIT_STATUS_LABELS[v] }))}
            aria-label="状态"
          />
          <SearchInput
            allowClear
            placeholder="证照 / 持证人 / 验证码"
            style={{ width: 220 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
          />
          <Button type="primary" disabled={!permitItems.length} onClick={() => setIssuing(true)}>
            签发证照
          </Button>
        </Space>
      }
    >
      <Table<PermitRow>
        rowKey="id"
        {...table}
        locale={{ emptyText: '暂无电子证照' }}
        columns={[
          { title: '证照', dataIndex: 'title' },
          { title: '持证人', key: 'who', render: (_: unknown, r) => `${r.holderName}（${r.holderNo}）` },
          { title: '事项', dataIndex: 'itemName' },
          { title: '验证码', dataIndex: 'code', render: (c: string) => <code>{c}</code> },
          { title: '签发', key: 'by', render: (_: unknown, r) => `${time(r.issuedAt)} ${r.issuedByName}` },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (v: PermitStatus, r) => (
              <Tag color={PERMIT_STATUS_COLORS[v]} title={r.revokeReason || undefined}>
                {PERMIT_STATUS_LABELS[v]}
              </Tag>
            ),
          },
          {
            title: '操作',
            key: 'op',
            width: 140,
            render: (_: unknown, r) => (
              <Space size="small">
                <Link to={printPath(r.id)}>打印</Link>
                {r.status === 'valid' ? (
                  <Button size="small" type="link" danger onClick={() => setRevoking(r)}>
                    撤销
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={issuing}
        title="签发电子证照"
        okText="签发"
        onCancel={() => setIssuing(false)}
        destroyOnHidden
        onOk={async () => {
          const v = await issueForm.validateFields();
          await issuePermit({
            itemId: v.itemId,
            holderNo: v.holderNo.trim(),
            ...(v.validUntil ? { validUntil: v.validUntil.endOf('day').valueOf() } : {}),
          });
          message.success('已签发');
          setIssuing(false);
          issueForm.resetFields();
          await qc.invalidateQueries({ queryKey: ['permit'] });
        }}
      >
        <Form form={issueForm} layout="vertical">
          <Form.Item name="itemId" label="事项" rules={[{ required: true, message: '请选择事项' }]}>
            <Select options={permitItems.map((i) => ({ value: i.id, label: i.name }))} placeholder="签发证照的事项" />
          </Form.Item>
          <Form.Item name="holderNo" label="持证人学号/工号" rules={[{ required: true, message: '请填写学号或工号' }]}>
            <TextInput maxLength={40} />
          </Form.Item>
          <Form.Item name="validUntil" label="有效期至" extra="留空为长期有效">
            <DatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={!!revoking}
        title={`撤销「${revoking?.title ?? ''}」`}
        okText="撤销"
        okButtonProps={{ danger: true }}
        onCancel={() => setRevoking(null)}
        destroyOnHidden
        onOk={async () => {
          const v = await revokeForm.validateFields();
          await revokePermit({ id: revoking!.id, reason: v.reason.trim() });
          message.success('已撤销');
          setRevoking(null);
          revokeForm.resetFields();
          await qc.invalidateQueries({ queryKey: ['permit'] });
        }}
      >
        <Form form={revokeForm} layout="vertical">
          <Form.Item
            name="reason"
            label="撤销原因"
            rules={[{ required: true, min: 2, max: 200, message: '请填写2–200字的撤销原因' }]}
          >
            <TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
