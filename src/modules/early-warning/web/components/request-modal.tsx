import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import { TextArea } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { createRequest, fetchDepartments, requestUnfollow } from '../../api';

export type RequestKind = 'report' | 'assist' | 'unfollow';
export const KIND_TITLES: Record<RequestKind, string> = {
  report: '情况报告',
  assist: '协助申请',
  unfollow: '不再关注',
};

/** 报告 / 协助 / 不再关注 about one warning or followed student. */
export function RequestModal({
  target,
  onClose,
}: {
  target: { kind: RequestKind; source: 'warning' | 'focus'; refId: number; studentName: string } | null;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [dept, setDept] = useState<number | undefined>();
  const depts = useQuery({
    queryKey: ['earlyWarning', 'departments'],
    queryFn: () => fetchDepartments().then((r) => r.data),
    enabled: target?.kind === 'assist',
  });
  const save = useMutation({
    mutationFn: () =>
      target!.kind === 'unfollow'
        ? requestUnfollow({ source: target!.source, refId: target!.refId, reason: text.trim() })
        : createRequest({
            kind: target!.kind as 'report' | 'assist',
            source: target!.source,
            refId: target!.refId,
            content: text.trim(),
            ...(dept ? { departmentId: dept } : {}),
          }),
    onSuccess: () => {
      toast.success(target!.kind === 'unfollow' ? '已提交学院领导审批' : '已提交');
      void qc.invalidateQueries({ queryKey: ['earlyWarning'] });
      setText('');
      setDept(undefined);
      onClose();
    },
  });
  const assist = target?.kind === 'assist';
  return (
    <Modal
      open={target !== null}
      title={target ? `${KIND_TITLES[target.kind]} · ${target.studentName}` : ''}
      okText="提交"
      cancelText="取消"
      okButtonProps={{ disabled: !text.trim() || (assist && dept === undefined) }}
      confirmLoading={save.isPending}
      onOk={() => save.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        {assist && (
          <Form.Item label="协助部门" required>
            <Select
              aria-label="协助部门"
              showSearch
              optionFilterProp="label"
              value={dept}
              onChange={setDept}
              options={(depts.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
            />
          </Form.Item>
        )}
        <Form.Item label={target?.kind === 'unfollow' ? '不再关注的理由' : '内容'} required>
          <TextArea
            aria-label="内容"
            rows={5}
            maxLength={target?.kind === 'unfollow' ? 300 : 1000}
            showCount
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
