import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Popup, Skeleton, Toast } from 'antd-mobile';
import { validateSubmission, type FieldError } from '@/shared/forms/validate';
import type { FormValues, PickedRef } from '@/shared/forms/schema';
import { revealField, serverFieldErrors } from '@/modules/forms/ui';
import { MobileFormRenderer } from '@/modules/forms/ui-mobile';
import { approveTask, getTask, rejectTask, uploadTaskFile } from '@/modules/workflow/api';
import type { TaskListItem } from '@/modules/workflow/contract';
import { editableFields, lockExcept } from '@/modules/workflow/components/lock-fields';
import { TASK_STATUS_LABELS, dueText, errorText } from '@/modules/workflow/components/labels';
import { mobileFlowChartPath } from '../paths';
import { DecisionPopup, type Decision } from './decision-popup';
import { NextAssigneesPicker } from './next-assignees-picker';
import { instancePickers } from '@/modules/workflow/components/pickers';
import s from '../mobile.module.css';

interface Props {
  /** The task shown; null = closed. */
  taskId: number | null;
  /** Its list row when opened from the list (the head shows while the detail loads). */
  row?: TaskListItem | null;
  onClose: () => void;
  /** After 同意 / 退回, or when the server says the task is no longer to be handled (the list reloads). */
  onDone: () => void;
}

/** The sheet of one pending task: the request (this node's editable fields open), 同意 / 退回 with a comment. */
export function TaskSheet({ taskId, row, onClose, onDone }: Props) {
  return (
    <Popup visible={taskId !== null} onMaskClick={onClose} bodyClassName={s.detailSheet} destroyOnClose>
      {taskId !== null && <TaskSheetBody key={taskId} taskId={taskId} row={row ?? null} onDone={onDone} />}
    </Popup>
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function TaskSheetBody({ taskId, row, onDone }: { taskId: number; row: TaskListItem | null; onDone: () => void }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const detail = useQuery({
    queryKey: ['workflow', 'view', 'task', taskId],
    queryFn: () => getTask(taskId).then((r) => r.data),
    retry: false,
  });
  const v = detail.data;
  const pending = v?.task.status === 'pending';
  const editable = useMemo(() => (pending ? editableFields(v.permissions) : new Set<string>()), [pending, v]);
  const schema = useMemo(() => (v && editable.size ? lockExcept(v.schema, editable) : v?.schema), [v, editable]);

  // The approver's edits (null: untouched, the request's values).
  const [edited, setEdited] = useState<FormValues | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [next, setNext] = useState<PickedRef[]>([]);
  const [nextError, setNextError] = useState('');
  const values = edited ?? v?.values ?? {};

  // A field's messages go once its value changes: they described the old value.
  const change = (next: FormValues) => {
    setErrors((errs) => errs.filter((e) => same(next[e.field], values[e.field])));
    setEdited(next);
  };

  const showErrors = (list: FieldError[]) => {
    setErrors(list);
    revealField(list[0]?.field);
  };

  /** Only the editable fields go to the server; a cleared one goes as null so the server clears it too. */
  const editedValues = () => {
    if (!editable.size) return undefined;
    const out: FormValues = {};
    for (const id of editable) out[id] = values[id] ?? null;
    return out;
  };

  const decide = useMutation({
    mutationFn: ({ kind, comment }: { kind: Decision; comment: string }) =>
      kind === 'approve'
        ? approveTask({
            taskId,
            comment: comment || undefined,
            values: editedValues(),
            nextAssignees: next.length ? next.map((p) => p.id) : undefined,
          })
        : // On a vote node 退回 is a vote against, with no return target.
          rejectTask({ taskId, comment, ...(v?.vote ? {} : { to: 'applicant' }) }),
    onSuccess: (_r, { kind }) => {
      Toast.show({ icon: 'success', content: kind === 'approve' ? '已同意' : v?.vote ? '已投反对票' : '已退回' });
      void qc.invalidateQueries({ queryKey: ['workflow'] });
      setDecision(null);
      onDone();
    },
    onError: (e) => {
      setDecision(null);
      // The http layer has shown the server's message. Field messages keep the sheet open beside
      // their fields; anything else (e.g. someone else handled it first) closes it and the list reloads.
      const fields = serverFieldErrors(e);
      if (fields?.length) {
        showErrors(fields);
        return;
      }
      void qc.invalidateQueries({ queryKey: ['workflow'] });
      onDone();
    },
  });

  const approve = () => {
    if (v?.picksFor.length && !next.length) {
      setNextError('请选择下一环节的审批人');
      Toast.show({ icon: 'fail', content: '请选择下一环节的审批人' });
      return;
    }
    if (v && editable.size) {
      const checked = validateSubmission(v.schema, values);
      if (checked.errors.length) {
        showErrors(checked.errors);
        Toast.show({ icon: 'fail', content: `有 ${checked.errors.length} 处内容需要修改` });
        return;
      }
    }
    setDecision('approve');
  };

  const title = v?.title ?? row?.title ?? '审批详情';
  const applicant = v?.applicant.name ?? row?.applicantName;
  const nodeName = v?.task.nodeName ?? row?.nodeName;
  const instanceId = v?.id ?? row?.instanceId;
  const editableLabels = v
    ? v.schema.sections
        .flatMap((sec) => sec.fields)
        .filter((f) => editable.has(f.id))
        .map((f) => f.label)
    : [];

  let body;
  if (detail.isPending) body = <Skeleton.Paragraph lineCount={6} animated />;
  else if (detail.isError || !v || !schema)
    body = (
      <ErrorBlock status="default" title="无法打开" description={errorText(detail.error, '该任务已处理或不存在')} />
    );
  else if (!pending)
    body = (
      <ErrorBlock
        status="default"
        title="该任务已处理"
        description={`当前状态：${TASK_STATUS_LABELS[v.task.status]}`}
      />
    );
  else if (editable.size) {
    body = (
      <MobileFormRenderer
        schema={schema}
        values={values}
        onChange={change}
        errors={errors}
        pickers={instancePickers(v.id)}
        upload={(field, file) => uploadTaskFile(v.task.id, field, file).then((r) => r.data)}
      />
    );
  } else body = <MobileFormRenderer schema={schema} values={v.values} mode="readOnly" />;

  return (
    <div className={s.detail}>
      <div className={s.sheetTitle}>{title}</div>
      {(applicant || nodeName) && (
        <div className={s.rowMeta}>
          <span>{applicant && `申请人：${applicant}`}</span>
          <span>{nodeName}</span>
        </div>
      )}
      {v && v.task.dueAt !== null && (
        <div className={s.rowMeta} data-testid="task-due">
          办理期限：{dueText(v.task)}
        </div>
      )}
      {editableLabels.length > 0 && <div className={s.hint}>本环节可修改：{editableLabels.join('、')}</div>}
      {pending && v.vote && (
        <div className={s.hint}>
          投票：{v.vote.voters} 人中已有 {v.vote.agree} 人同意、{v.vote.against} 人反对，{v.vote.needed} 人同意即通过
        </div>
      )}
      <div className={s.detailBody}>{body}</div>
      {instanceId !== undefined && (
        <Button fill="none" color="primary" onClick={() => navigate(mobileFlowChartPath(instanceId, v?.recordToken))}>
          查看流程进度
        </Button>
      )}
      {pending && v.picksFor.length > 0 && (
        <NextAssigneesPicker
          taskId={v.task.id}
          picksFor={v.picksFor}
          value={next}
          onChange={(p) => {
            setNext(p);
            setNextError('');
          }}
          error={nextError}
        />
      )}
      {pending && (
        <div className={s.sheetActions}>
          <Button block size="large" color="danger" fill="outline" onClick={() => setDecision('reject')}>
            {v.vote ? '反对' : '退回'}
          </Button>
          <Button block size="large" color="primary" onClick={approve}>
            同意
          </Button>
        </div>
      )}
      <DecisionPopup
        decision={decision}
        title={title}
        busy={decide.isPending}
        vote={!!v?.vote}
        onClose={() => setDecision(null)}
        onConfirm={(comment) => decision && decide.mutate({ kind: decision, comment })}
      />
    </div>
  );
}
