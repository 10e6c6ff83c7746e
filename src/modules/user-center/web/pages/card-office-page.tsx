import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Modal, Select, Space, Table, Tag } from 'antd';
import { TextArea } from '@/core/ui/text-input';
import { handleCardRequest, listCardOffice } from '../../api';
import { CARD_REQUEST_KIND_LABELS, CARD_REQUEST_STATUS_LABELS, type CardRequestRow } from '../../contract';
import { time } from '../components/format';
import s from './user-center.module.css';

const PAGE_SIZE = 15;

/** /web/userCenter/cardOfficeRequests: the card office handles 挂失 / 解冻 requests (the card's status follows). */
export default function CardOfficePage() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [status, setStatus] = useState<string | undefined>('pending');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ row: CardRequestRow; approve: boolean } | null>(null);
  const [form] = Form.useForm<{ remark: string }>();
  const list = useQuery({
    queryKey: ['userCenter', 'office', status, page],
    queryFn: () => listCardOffice({ status, page, pageSize: PAGE_SIZE }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: (v: { id: number; approve: boolean; remark: string }) => handleCardRequest(v.id, v.approve, v.remark),
    onSuccess: () => {
      message.success('已处理');
      setDeciding(null);
      form.resetFields();
      void qc.invalidateQueries({ queryKey: ['userCenter', 'office'] });
    },
  });
  return (
    <div className={s.page}>
      <Card
        title="校园卡挂失 / 解冻申请"
        extra={
          <Select
            allowClear
            aria-label="按状态筛选"
            placeholder="全部状态"
            style={{ width: 140 }}
            value={status}
            onChange={(v?: string) => {
              setStatus(v);
              setPage(1);
            }}
            options={Object.entries(CARD_REQUEST_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
          />
        }
      >
        <Table<CardRequestRow>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.list}
          locale={{ emptyText: list.error ? list.error.message : '暂无申请' }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            { title: '申请时间', dataIndex: 'createdAt', width: 160, render: (v: number) => time(v) },
            { title: '申请人', key: 'who', render: (_, r) => `${r.userName}（${r.userNo}）` },
            { title: '卡号', dataIndex: 'cardNo', width: 110 },
            {
              title: '类型',
              dataIndex: 'kind',
              width: 80,
              render: (k: CardRequestRow['kind']) => CARD_REQUEST_KIND_LABELS[k],
            },
            { title: '说明', dataIndex: 'reason' },
            {
              title: '状态',
              dataIndex: 'status',
              width: 90,
              render: (v: string) => <Tag>{CARD_REQUEST_STATUS_LABELS[v] ?? v}</Tag>,
            },
            {
              title: '处理',
              key: 'handled',
              render: (_, r) => (r.handledAt ? `${r.handledByName} ${time(r.handledAt)} ${r.remark}` : ''),
            },
            {
              title: '操作',
              key: 'op',
              width: 150,
              render: (_, r) =>
                r.status === 'pending' && (
                  <Space>
                    <Button type="link" size="small" onClick={() => setDeciding({ row: r, approve: true })}>
                      办理
                    </Button>
                    <Button type="link" size="small" danger onClick={() => setDeciding({ row: r, approve: false })}>
                      驳回
                    </Button>
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      <Modal
        title={
          deciding ? `${deciding.approve ? '办理' : '驳回'}${CARD_REQUEST_KIND_LABELS[deciding.row.kind]}申请` : ''
        }
        open={!!deciding}
        confirmLoading={decide.isPending}
        onCancel={() => setDeciding(null)}
        onOk={() =>
          void form
            .validateFields()
            .then(
              (v) =>
                deciding && decide.mutate({ id: deciding.row.id, approve: deciding.approve, remark: v.remark ?? '' }),
            )
        }
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="remark"
            label="处理意见"
            rules={deciding?.approve ? [] : [{ required: true, message: '请填写驳回原因' }]}
          >
            <TextArea rows={3} maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
