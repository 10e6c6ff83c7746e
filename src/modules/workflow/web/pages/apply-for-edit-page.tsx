import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Modal, Result, Skeleton, Space, Typography } from 'antd';
import { validateSubmission, type FieldError } from '@/shared/forms/validate';
import type { FormValues } from '@/shared/forms/schema';
import { serverFieldErrors } from '@/modules/forms/ui';
import { FormRenderer } from '@/modules/forms/ui-web';
import { applyForEdit, getInstance, uploadFormFile } from '@/modules/workflow/api';
import { DiffTable } from '../components/diff-table';
import { errorText } from '@/modules/workflow/components/labels';
import { diffValues } from '../components/value-text';
import { approvalByInstance } from '../paths';
import { instancePickers } from '@/modules/workflow/components/pickers';
import s from '../components/approval.module.css';
import { TextArea } from '@/core/ui/text-input';

/**
 * /web/taskCenter/applyForEdit?instanceId=: the applicant changes an approved record. The change
 * (a field diff, shown before sending) goes through approval; the record changes only when approved.
 */
export default function ApplyForEditPage() {
  const [params] = useSearchParams();
  const instanceId = Number(params.get('instanceId'));
  const valid = Number.isInteger(instanceId) && instanceId > 0;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const inst = useQuery({
    queryKey: ['workflow', 'view', 'instance', instanceId],
    queryFn: () => getInstance(instanceId).then((r) => r.data),
    enabled: valid,
    retry: false,
  });
  const [values, setValues] = useState<FormValues | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [confirming, setConfirming] = useState(false);

  const send = useMutation({
    mutationFn: () => applyForEdit({ instanceId, values: values!, reason: reason.trim() }).then((r) => r.data),
    onSuccess: (d) => {
      message.success('修改申请已提交，审批通过后生效');
      navigate(approvalByInstance(d.instanceId));
    },
    onError: (e) => {
      setConfirming(false);
      const f = serverFieldErrors(e);
      if (f) setErrors(f);
    },
  });

  if (!valid)
    return (
      <div className={s.page}>
        <Card>
          <Result status="warning" title="缺少审批单编号" />
        </Card>
      </div>
    );
  if (inst.isPending)
    return (
      <div className={s.page}>
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </div>
    );
  if (inst.isError)
    return (
      <div className={s.page}>
        <Card>
          <Result status="warning" title="无法打开" subTitle={errorText(inst.error, '审批单不存在或无权查看')} />
        </Card>
      </div>
    );
  const v = inst.data;
  if (!v.canApplyEdit) {
    return (
      <div className={s.page}>
        <Card>
          <Result
            status="info"
            title="该申请当前不能修改"
            subTitle="只有审批通过的申请，由申请人本人且没有进行中的修改申请时才能申请修改"
            extra={<Button onClick={() => navigate(approvalByInstance(v.id))}>查看审批单</Button>}
          />
        </Card>
      </div>
    );
  }
  const current = values ?? v.values;
  const diff = diffValues(v.schema, v.values, current);
  const changed = Object.keys(diff).length;

  const review = () => {
    const checked = validateSubmission(v.schema, current);
    setErrors(checked.errors);
    if (checked.errors.length) {
      message.error(`有 ${checked.errors.length} 处内容需要修改`);
      return;
    }
    if (!changed) {
      message.warning('没有修改任何内容');
      return;
    }
    if (!reason.trim()) {
      message.warning('请填写修改原因');
      return;
    }
    setConfirming(true);
  };

  return (
    <div className={s.page}>
      <Card title={`申请修改：${v.title}`}>
        <Alert
          type="info"
          showIcon
          className={s.gap}
          title="修改内容需重新审批，审批通过后才会更新原记录；原记录和修改后的版本都会保留"
        />
        <FormRenderer
          schema={v.schema}
          values={current}
          onChange={setValues}
          errors={errors}
          pickers={instancePickers(v.id)}
          upload={(field, file) => uploadFormFile(v.formId, field, file).then((r) => r.data)}
        />
        <Typography.Title level={5}>修改原因</Typography.Title>
        <TextArea
          rows={3}
          maxLength={500}
          showCount
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="请说明修改原因（必填）"
          aria-label="修改原因"
        />
        <Space className={s.actions}>
          <Button type="primary" onClick={review}>
            预览修改并提交{changed ? `（${changed} 项）` : ''}
          </Button>
          <Button onClick={() => navigate(approvalByInstance(v.id))}>取消</Button>
        </Space>
      </Card>
      <Modal
        title="确认修改内容"
        open={confirming}
        width={720}
        okText="提交修改申请"
        cancelText="返回修改"
        confirmLoading={send.isPending}
        onOk={() => send.mutate()}
        onCancel={() => setConfirming(false)}
      >
        {changed ? <DiffTable schema={v.schema} diff={diff} /> : <Empty description="没有修改任何内容" />}
        <p className={s.gap}>修改原因：{reason.trim()}</p>
      </Modal>
    </div>
  );
}
