import { useState } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Form, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { TextArea } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { instanceLink } from '@/shared/approval-links';
import { myApplications, revokeGrant, supplementFields } from '../../api';
import { APPLY_STATES, APPLY_STATE_LABELS, type ApplicationItem, type ApplyState } from '../../contract';
import { StateTag, time } from '../components/state-tag';

const PAGE_SIZE = 15;

/** 我的申请 (myApplyFor): my applications and supplements with their state; 撤销 a grant; 补充字段. */
export default function MyApplyPage() {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<ApplyState>();
  const [adding, setAdding] = useState<ApplicationItem | null>(null);
  const [fields, setFields] = useState<string[]>([]);
  const [purpose, setPurpose] = useState('');
  const q = { page, pageSize: PAGE_SIZE, state };
  const rows = useQuery({
    queryKey: ['data-sharing', 'mine', q],
    queryFn: () => myApplications(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['data-sharing'] });
  const revoke = useMutation({
    mutationFn: (grantId: number) => revokeGrant(grantId),
    onSuccess: () => {
      toast.success('已撤销授权，应用的下一次调用即被拒绝');
      refresh();
    },
  });
  const supplement = useMutation({
    mutationFn: () => supplementFields({ grantId: adding!.grantId!, fields, purpose: purpose.trim() }),
    onSuccess: () => {
      toast.success('已提交补充字段申请');
      setAdding(null);
      refresh();
    },
  });
  return (
    <Card
      title="我的申请"
      extra={
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="状态"
          style={{ width: 140 }}
          value={state}
          onChange={(v?: ApplyState) => {
            setState(v);
            setPage(1);
          }}
          options={APPLY_STATES.map((s) => ({ value: s, label: APPLY_STATE_LABELS[s] }))}
        />
      }
    >
      <Table<ApplicationItem>
        rowKey="id"
        loading={rows.isFetching}
        dataSource={rows.data?.list}
        locale={{ emptyText: '暂无申请，可在“数据目录”中申请数据集' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: rows.data?.total ?? 0, onChange: setPage }}
        expandable={{
          expandedRowRender: (r) => (
            <Space orientation="vertical">
              <Typography.Text>用途：{r.purpose}</Typography.Text>
              {r.grantFields.length > 0 && <Typography.Text>当前授权字段：{r.grantFields.join('、')}</Typography.Text>}
              {r.reply && <Typography.Text type="secondary">审批意见：{r.reply}</Typography.Text>}
            </Space>
          ),
        }}
        columns={[
          {
            title: '类型',
            dataIndex: 'kind',
            width: 90,
            render: (k: string, r) => (
              <Space size={4}>
                <Tag>{k === 'apply' ? '申请' : '补充字段'}</Tag>
                {r.batchNo && <Tag color="purple">批量</Tag>}
              </Space>
            ),
          },
          { title: '数据集', dataIndex: 'datasetName', width: 140 },
          { title: '应用', dataIndex: 'appName', width: 130 },
          {
            title: '字段',
            dataIndex: 'fields',
            render: (f: ApplicationItem['fields']) => f.map((x) => x.label).join('、'),
          },
          { title: '期限', key: 'p', width: 190, render: (_: unknown, r) => `${r.periodStart} 至 ${r.periodEnd}` },
          { title: '申请时间', dataIndex: 'createdAt', width: 140, render: (d: number) => time(d) },
          { title: '状态', dataIndex: 'state', width: 90, render: (s: ApplyState) => <StateTag state={s} /> },
          {
            title: '操作',
            key: 'op',
            width: 220,
            render: (_: unknown, r) => (
              <Space size={0} wrap>
                {r.state === 'approved' && r.kind === 'apply' && r.grantId !== null && (
                  <>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => {
                        setAdding(r);
                        setFields([]);
                        setPurpose(r.purpose);
                      }}
                    >
                      补充字段
                    </Button>
                    <Popconfirm
                      title="撤销后应用立即不能再读取该数据集，确定撤销？"
                      okText="撤销"
                      cancelText="取消"
                      onConfirm={() => revoke.mutate(r.grantId!)}
                    >
                      <Button type="link" size="small" danger>
                        撤销
                      </Button>
                    </Popconfirm>
                  </>
                )}
                {r.instanceId !== null && <Link to={instanceLink(r.instanceId)}>审批记录</Link>}
              </Space>
            ),
          },
        ]}
      />
      {adding && (
        <Modal
          open
          title={`补充字段：${adding.datasetName}`}
          okText="提交"
          cancelText="取消"
          confirmLoading={supplement.isPending}
          okButtonProps={{ disabled: !fields.length || !purpose.trim() }}
          onOk={() => supplement.mutate()}
          onCancel={() => setAdding(null)}
          destroyOnHidden
        >
          <Form layout="vertical">
            <Form.Item label="补充字段" required>
              <Checkbox.Group
                value={fields}
                onChange={(v) => setFields(v as string[])}
                options={adding.datasetFields
                  .filter((f) => !adding.grantFields.includes(f.name))
                  .map((f) => ({ value: f.name, label: `${f.label}（${f.name}）` }))}
              />
            </Form.Item>
            <Form.Item label="用途" required>
              <TextArea
                aria-label="用途"
                rows={3}
                maxLength={500}
                value={purpose}
                onChange={(e) => setPurpose(e.target.value)}
              />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </Card>
  );
}
