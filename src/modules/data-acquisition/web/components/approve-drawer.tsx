import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Skeleton, Space, Table, Typography } from 'antd';
import { FormRenderer } from '@/modules/forms/ui-web';
import { approveRecord, getApproveRecord, rejectRecord } from '../../api';
import { RECORD_STATE_LABELS } from '../../contract';
import { time } from '../../components/labels';
import { TextArea } from '@/core/ui/text-input';

const show = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? '是' : '否') : String(v);

/** A record for its approver or its task owner: the form, the row it becomes, 同意 / 退回 / 驳回 with a reason. */
export function ApproveDrawer({ recordId, onClose }: { recordId: number | null; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [comment, setComment] = useState('');
  const view = useQuery({
    queryKey: ['acquisition', 'approve-record', recordId],
    queryFn: () => getApproveRecord(recordId!).then((r) => r.data),
    enabled: recordId !== null,
    retry: false,
  });
  const done = (text: string) => {
    message.success(text);
    setComment('');
    void qc.invalidateQueries({ queryKey: ['acquisition'] });
    onClose();
  };
  const approve = useMutation({
    mutationFn: () => approveRecord({ recordId: recordId!, comment: comment.trim() || undefined }),
    onSuccess: (r) => done(r.data.state === 'written' ? '已同意，记录已写入数据表' : '已同意'),
  });
  const reject = useMutation({
    mutationFn: (action: 'return' | 'reject') => {
      if (!comment.trim()) throw new Error('请填写退回或驳回的原因');
      return rejectRecord({ recordId: recordId!, comment: comment.trim(), action });
    },
    onSuccess: (r) => done(r.data.state === 'returned' ? '已退回，填报人可修改后重新提交' : '已驳回'),
    onError: (e) => {
      if (!('code' in (e as object))) message.warning((e as Error).message);
    },
  });
  const v = view.data;
  return (
    <Drawer open={recordId !== null} onClose={onClose} size={820} title={v ? v.item.title : '填报记录'} destroyOnHidden>
      {!v ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'a', label: '填报人', children: v.item.applicantName },
              { key: 'r', label: '记录', children: v.item.recordLabel },
              { key: 't', label: '提交时间', children: time(v.item.submittedAt) },
              {
                key: 's',
                label: '状态',
                children: `${RECORD_STATE_LABELS[v.item.state]}${v.item.nodeName ? ` · ${v.item.nodeName}` : ''}`,
              },
              { key: 'd', label: '目标数据表', children: v.item.tableName ?? '（不入库）' },
            ]}
          />
          <FormRenderer schema={v.schema} values={v.values} mode="readOnly" />
          {v.row.length > 0 && (
            <>
              <Typography.Title level={5}>将写入数据表的内容</Typography.Title>
              <Table
                size="small"
                rowKey="field"
                pagination={false}
                dataSource={v.row}
                columns={[
                  { title: '字段', dataIndex: 'label', width: 200 },
                  { title: '字段名', dataIndex: 'field', width: 160 },
                  { title: '值', dataIndex: 'value', render: show },
                ]}
              />
            </>
          )}
          <TextArea
            rows={3}
            maxLength={500}
            placeholder="审批意见（退回、驳回时必填）"
            aria-label="审批意见"
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
          <Space>
            <Button type="primary" loading={approve.isPending} onClick={() => approve.mutate()}>
              同意
            </Button>
            <Button loading={reject.isPending && reject.variables === 'return'} onClick={() => reject.mutate('return')}>
              退回修改
            </Button>
            <Button
              danger
              loading={reject.isPending && reject.variables === 'reject'}
              onClick={() => reject.mutate('reject')}
            >
              驳回
            </Button>
          </Space>
        </Space>
      )}
    </Drawer>
  );
}
