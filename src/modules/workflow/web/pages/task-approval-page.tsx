import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Descriptions, Result, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { validateSubmission, type FieldError } from '@/shared/forms/validate';
import type { FormValues } from '@/shared/forms/schema';
import { serverFieldErrors } from '@/modules/forms/ui';
import { FormRenderer } from '@/modules/forms/ui-web';
import { getInstance, getTask, resubmitInstance, uploadFormFile, uploadTaskFile } from '@/modules/workflow/api';
import { INSTANCE_STATUS_LABELS, type InstanceView, type TaskView } from '@/modules/workflow/contract';
import { ApprovalActions, isTaskView } from '../components/approval-actions';
import { DiffTable } from '../components/diff-table';
import { FlowChart } from '@/modules/workflow/components/flow-chart';
import { lockExcept } from '@/modules/workflow/components/lock-fields';
import { HistoryTimeline } from '../components/history-timeline';
import { instancePickers } from '@/modules/workflow/components/pickers';
import {
  INSTANCE_STATUS_COLORS,
  TASK_STATUS_LABELS,
  errorText,
  formatTime,
  dueText,
} from '@/modules/workflow/components/labels';
import { applyForEditPath, recordPath, workBenchPath } from '../paths';
import s from '../components/approval.module.css';
import { TextArea } from '@/core/ui/text-input';

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * /web/taskCenter/taskApproval?taskId= (an approver's task) or ?instanceId= (the applicant, a copy
 * recipient, an earlier approver): the form as this reader may see it, the flow chart, the history
 * and the actions the server says this reader has.
 */
export default function TaskApprovalPage() {
  const [params] = useSearchParams();
  const taskId = positive(params.get('taskId'));
  const instanceId = positive(params.get('instanceId'));
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();

  const view = useQuery<InstanceView | TaskView>({
    queryKey: ['workflow', 'view', taskId ? 'task' : 'instance', taskId ?? instanceId],
    queryFn: () => (taskId ? getTask(taskId) : getInstance(instanceId!)).then((r) => r.data),
    enabled: !!(taskId || instanceId),
    retry: false,
  });
  const v = view.data;

  // Values the approver edits (editable fields) or the applicant edits (resubmitting); reset on each new answer.
  const [edit, setEdit] = useState<{ key: unknown; values: FormValues; resubmit: boolean }>({
    key: null,
    values: {},
    resubmit: false,
  });
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [resubmitComment, setResubmitComment] = useState('');
  const current = edit.key === v ? edit : { key: v, values: v?.values ?? {}, resubmit: false };
  const setValues = (values: FormValues) => setEdit({ ...current, values });

  const pendingTask = v && isTaskView(v) && v.task.status === 'pending' ? v : null;
  const editable = useMemo(
    () =>
      new Set(
        pendingTask
          ? Object.entries(pendingTask.permissions)
              .filter(([, p]) => p === 'editable')
              .map(([id]) => id)
          : [],
      ),
    [pendingTask],
  );

  const refresh = () => qc.invalidateQueries({ queryKey: ['workflow'] });

  const resubmit = useMutation({
    mutationFn: () => {
      const checked = validateSubmission(v!.schema, current.values);
      if (checked.errors.length) {
        setErrors(checked.errors);
        throw new Error(`有 ${checked.errors.length} 处内容需要修改`);
      }
      return resubmitInstance({
        instanceId: v!.id,
        values: current.values,
        comment: resubmitComment.trim() || undefined,
      });
    },
    onSuccess: () => {
      message.success('已重新提交');
      setErrors([]);
      setResubmitComment('');
      void refresh();
    },
    onError: (e) => {
      const fields = serverFieldErrors(e);
      if (fields) setErrors(fields);
      else if (!('code' in (e as object))) message.error(errorText(e, '提交失败'));
    },
  });

  if (!taskId && !instanceId)
    return (
      <div className={s.page}>
        <Card>
          <Result status="warning" title="缺少审批单编号" />
        </Card>
      </div>
    );
  if (view.isPending)
    return (
      <div className={s.page}>
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      </div>
    );
  if (view.isError || !v) {
    return (
      <div className={s.page}>
        <Card>
          <Result
            status="warning"
            title="无法查看该审批"
            subTitle={errorText(view.error, '审批单不存在或无权查看')}
            extra={<Button onClick={() => navigate(workBenchPath())}>返回审批工作台</Button>}
          />
        </Card>
      </div>
    );
  }

  let formBody;
  if (current.resubmit) {
    formBody = (
      <>
        <Alert type="info" showIcon className={s.gap} title="请修改后重新提交，审批将从第一个环节重新开始" />
        <FormRenderer
          schema={v.schema}
          values={current.values}
          onChange={setValues}
          errors={errors}
          pickers={instancePickers(v.id)}
          upload={(field, file) => uploadFormFile(v.formId, field, file).then((r) => r.data)}
        />
        <TextArea
          className={s.gap}
          rows={2}
          maxLength={1000}
          placeholder="修改说明（选填）"
          value={resubmitComment}
          onChange={(e) => setResubmitComment(e.target.value)}
        />
        <Space className={s.gap}>
          <Button type="primary" loading={resubmit.isPending} onClick={() => resubmit.mutate()}>
            提交
          </Button>
          <Button
            onClick={() => {
              setEdit({ key: v, values: v.values, resubmit: false });
              setErrors([]);
            }}
          >
            取消
          </Button>
        </Space>
      </>
    );
  } else if (editable.size) {
    formBody = (
      <FormRenderer
        schema={lockExcept(v.schema, editable)}
        values={current.values}
        onChange={setValues}
        errors={errors}
        pickers={instancePickers(v.id)}
        upload={(field, file) => uploadTaskFile(pendingTask!.task.id, field, file).then((r) => r.data)}
      />
    );
  } else {
    formBody = <FormRenderer schema={v.schema} values={v.values} mode="readOnly" />;
  }

  const editedValues = () => {
    if (!editable.size) return undefined;
    const out: Record<string, unknown> = {};
    for (const id of editable) out[id] = current.values[id];
    return out;
  };

  return (
    <div className={s.page}>
      <Card className={s.gap}>
        <div className={s.head}>
          <Typography.Title level={4} className={s.title}>
            {v.title}
          </Typography.Title>
          <Space size={4}>
            {v.kind === 'edit' && <Tag color="purple">修改申请</Tag>}
            <Tag color={INSTANCE_STATUS_COLORS[v.status]}>{INSTANCE_STATUS_LABELS[v.status]}</Tag>
          </Space>
        </div>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 4 }}
          items={[
            { key: 'p', label: '流程', children: `${v.processName}（第 ${v.version} 版）` },
            { key: 'a', label: '申请人', children: v.applicant.name },
            { key: 's', label: '发起时间', children: formatTime(v.startedAt) },
            ...(v.endedAt ? [{ key: 'e', label: '结束时间', children: formatTime(v.endedAt) }] : []),
            ...(isTaskView(v)
              ? [{ key: 't', label: '我的任务', children: `${v.task.nodeName} · ${TASK_STATUS_LABELS[v.task.status]}` }]
              : []),
            // Where it waits with a time limit: the due time, overdue, reminders sent (issue 24 item 1).
            ...(isTaskView(v) ? [v.task] : v.tasks.filter((t) => t.status === 'pending'))
              .filter((t) => t.dueAt !== null)
              .slice(0, 3)
              .map((t) => ({
                key: `due${t.id}`,
                label: isTaskView(v) ? '办理期限' : `办理期限（${t.assigneeName}）`,
                children: <span data-testid="task-due">{dueText(t)}</span>,
              })),
          ]}
        />
        <ApprovalActions
          view={v}
          editedValues={editedValues}
          onFieldErrors={setErrors}
          onResubmit={() => {
            setEdit({ key: v, values: v.values, resubmit: true });
            setErrors([]);
          }}
          onApplyEdit={() => navigate(applyForEditPath(v.id))}
          onDone={(outcome) => {
            void refresh();
            if (outcome === 'left') navigate(workBenchPath('dsp'));
          }}
        />
        {v.recordToken && (
          <div className={s.recordLink}>
            <Typography.Text type="secondary">审批记录链接（可分享）：</Typography.Text>
            <Typography.Text copyable={{ text: `${window.location.origin}${recordPath(v.recordToken)}` }}>
              <a href={recordPath(v.recordToken)} target="_blank" rel="noreferrer">
                打开
              </a>
            </Typography.Text>
          </div>
        )}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          {v.diff && (
            <Card title="申请修改的内容" className={s.gap}>
              <DiffTable schema={v.schema} diff={v.diff} />
            </Card>
          )}
          <Card title={v.kind === 'edit' ? '修改后的表单' : '表单内容'}>{formBody}</Card>
        </Col>
        <Col xs={24} lg={9}>
          <Card title="流程进度" className={s.gap}>
            <FlowChart
              definition={v.definition}
              currentNodes={v.currentNodes}
              status={v.status}
              tasks={v.tasks}
              history={v.history}
              height={360}
              maxHeight={640}
            />
          </Card>
          <Card title="审批记录">
            <HistoryTimeline history={v.history} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
