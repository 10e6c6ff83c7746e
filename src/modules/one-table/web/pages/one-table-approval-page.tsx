import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Space, Tag, Tooltip } from 'antd';
import { approveCorrection, listTodo, rejectCorrection, resolveConflict } from '../../api';
import type { CorrectionItem } from '../../contract';
import { CorrectionDetail } from '../components/correction-detail';
import { CorrectionList } from '../components/correction-list';
import { TextArea } from '@/core/ui/text-input';

/**
 * /web/taskCenter/oneTable: corrections waiting for my approval task (any process) and those of the
 * tables my department owns — before/after, reason, evidence; 同意/驳回 act on my engine task.
 */
export default function OneTableApprovalPage() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [open, setOpen] = useState<CorrectionItem | null>(null);
  const [answer, setAnswer] = useState('');
  const decide = useMutation({
    mutationFn: (approve: boolean) =>
      (approve ? approveCorrection : rejectCorrection)({ id: open!.id, answer }).then((r) => r),
    onSuccess: (r) => {
      void message.success(r.message);
      setOpen({ ...r.data, taskId: null });
      void qc.invalidateQueries({ queryKey: ['oneTable'] });
    },
  });
  const resolve = useMutation({
    mutationFn: (keep: 'source' | 'approved') => resolveConflict({ id: open!.id, keep }),
    onSuccess: (r) => {
      void message.success(r.message);
      setOpen(r.data);
      void qc.invalidateQueries({ queryKey: ['oneTable'] });
    },
  });
  return (
    <>
      <CorrectionList
        title="数据纠错审核"
        queryKey="todo"
        load={listTodo}
        initialState="pending"
        leading={[{ title: '申请人', key: 'who', render: (_, c) => `${c.applicantName}（${c.personNo}）` }]}
        trailing={[
          {
            title: '操作',
            key: 'op',
            render: (_, c) => (
              <Space size={4}>
                {c.conflict && (
                  <Tooltip title="数据表中的值已不是核准值（源系统同步覆盖），请与源系统核对">
                    <Tag color="error">已被同步覆盖</Tag>
                  </Tooltip>
                )}
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    setAnswer('');
                    setOpen(c);
                  }}
                >
                  {c.state === 'pending' && c.taskId ? '审核' : '查看'}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Drawer title="纠错审核" size={560} open={!!open} onClose={() => setOpen(null)}>
        {open && (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <CorrectionDetail c={open} />
            {open.conflictValue !== null && (
              <Space>
                <Button loading={resolve.isPending} onClick={() => resolve.mutate('approved')}>
                  保留核准值
                </Button>
                <Button danger loading={resolve.isPending} onClick={() => resolve.mutate('source')}>
                  采用源系统的值
                </Button>
              </Space>
            )}
            {open.state === 'pending' && !open.taskId && open.instanceId !== null && (
              <span>该申请正在「{open.currentNodes || '审批'}」环节，等待其他审批人处理。</span>
            )}
            {open.state === 'pending' && (open.taskId || open.instanceId === null) && (
              <>
                <TextArea
                  rows={3}
                  maxLength={500}
                  aria-label="审核意见"
                  placeholder="审核意见（驳回时必填）"
                  value={answer}
                  onChange={(e) => setAnswer(e.target.value)}
                />
                <Space>
                  <Button type="primary" loading={decide.isPending} onClick={() => decide.mutate(true)}>
                    同意并写回
                  </Button>
                  <Button danger loading={decide.isPending} onClick={() => decide.mutate(false)}>
                    驳回
                  </Button>
                </Space>
              </>
            )}
          </Space>
        )}
      </Drawer>
    </>
  );
}
