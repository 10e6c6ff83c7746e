import { useState } from 'react';
import { App, Button, Form, Modal, Radio, Space, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import {
  addSigner,
  approveTask,
  commentInstance,
  rejectTask,
  transferTask,
  uploadCommentFile,
  urgeInstance,
  withdrawInstance,
} from '@/modules/workflow/api';
import type { InstanceView, TaskView } from '@/modules/workflow/contract';
import type { FieldError } from '@/shared/forms/validate';
import { serverFieldErrors } from '@/modules/forms/ui';
import { UserSelect } from './user-select';
import s from './approval.module.css';
import { TextArea } from '@/core/ui/text-input';

type Dialog = 'approve' | 'reject' | 'transfer' | 'addSigner' | 'comment' | 'withdraw';
const TITLES: Record<Dialog, string> = {
  approve: '同意',
  reject: '退回',
  transfer: '转交',
  addSigner: '加签',
  comment: '评论',
  withdraw: '撤回申请',
};

export const isTaskView = (v: InstanceView | TaskView): v is TaskView => 'task' in v;

export interface ApprovalActionsProps {
  view: InstanceView | TaskView;
  /** The values of the node's editable fields (sent with 同意), or an error message when they do not pass. */
  editedValues: () => Record<string, unknown> | string | undefined;
  /** The applicant starts editing the returned request. */
  onResubmit: () => void;
  onApplyEdit: () => void;
  /** Field messages the server gave for the edited values (0x00000101 data.fields). */
  onFieldErrors?: (errors: FieldError[]) => void;
  /** After a call: 'left' when this viewer's task is gone (approved, returned, passed on). */
  onDone: (outcome: 'left' | 'stay') => void;
}

interface Fields {
  comment?: string;
  to?: string;
  userId?: number;
  userIds?: number[];
  nextAssignees?: number[];
}

/** The buttons this viewer may use and their dialogs; failures (e.g. someone else handled it first) refresh the page. */
export function ApprovalActions({
  view,
  editedValues,
  onResubmit,
  onApplyEdit,
  onFieldErrors,
  onDone,
}: ApprovalActionsProps) {
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [files, setFiles] = useState<UploadFile[]>([]);
  // Local upload uid → the server's file id (what the comment sends).
  const [uploaded, setUploaded] = useState<Record<string, string>>({});
  const [form] = Form.useForm<Fields>();
  const task = isTaskView(view) && view.task.status === 'pending' ? view : null;

  const act = useMutation({
    mutationFn: async ({ kind, f }: { kind: Dialog | 'urge'; f: Fields }) => {
      const comment = f.comment?.trim() || undefined;
      switch (kind) {
        case 'approve': {
          const values = editedValues();
          if (typeof values === 'string') throw new Error(values);
          return approveTask({
            taskId: task!.task.id,
            comment,
            values,
            nextAssignees: f.nextAssignees?.length ? f.nextAssignees : undefined,
          });
        }
        case 'reject':
          return rejectTask({ taskId: task!.task.id, comment, ...(task!.vote ? {} : { to: f.to ?? 'applicant' }) });
        case 'transfer':
          return transferTask({ taskId: task!.task.id, userId: f.userId!, comment });
        case 'addSigner':
          return addSigner({ taskId: task!.task.id, userIds: f.userIds!, comment });
        case 'comment': {
          const attachmentIds = files.map((x) => uploaded[x.uid]).filter(Boolean);
          return commentInstance({
            instanceId: view.id,
            comment: comment ?? '',
            attachmentIds: attachmentIds.length ? attachmentIds : undefined,
          });
        }
        case 'withdraw':
          return withdrawInstance(view.id);
        case 'urge':
          return urgeInstance(view.id);
      }
    },
    onSuccess: (r, { kind }) => {
      message.success(
        r?.message && r.message !== '成功' ? r.message : `${kind === 'urge' ? '催办' : TITLES[kind]}成功`,
      );
      setDialog(null);
      setFiles([]);
      form.resetFields();
      onDone(kind === 'approve' || kind === 'reject' || kind === 'transfer' ? 'left' : 'stay');
    },
    onError: (e) => {
      // The http layer showed the server's message; a local check failed before sending shows its own.
      if (!(e instanceof Error && 'code' in e)) {
        message.error(e instanceof Error ? e.message : '操作失败');
        return;
      }
      const fields = serverFieldErrors(e);
      setDialog(null);
      if (fields) onFieldErrors?.(fields);
      else onDone('stay');
    },
  });

  const open = (d: Dialog) => {
    form.resetFields();
    setFiles([]);
    setUploaded({});
    setDialog(d);
  };
  const submit = () =>
    form
      .validateFields()
      .then((f) => act.mutate({ kind: dialog!, f }))
      .catch(() => undefined);

  // On a vote node 退回 is a vote against: the request ends only when the ratio can no longer be reached.
  const vote = task?.vote ?? null;
  const buttons: React.ReactNode[] = [];
  if (task) {
    buttons.push(
      <Button key="approve" type="primary" onClick={() => open('approve')}>
        同意
      </Button>,
      <Button key="reject" danger onClick={() => open('reject')}>
        {vote ? '反对' : '退回'}
      </Button>,
      <Button key="transfer" onClick={() => open('transfer')}>
        转交
      </Button>,
      <Button key="addSigner" onClick={() => open('addSigner')}>
        加签
      </Button>,
    );
  }
  if (view.canResubmit)
    buttons.push(
      <Button key="resubmit" type="primary" onClick={onResubmit}>
        重新提交
      </Button>,
    );
  if (view.canWithdraw)
    buttons.push(
      <Button key="withdraw" danger onClick={() => open('withdraw')}>
        撤回
      </Button>,
    );
  if (view.canUrge)
    buttons.push(
      <Button
        key="urge"
        loading={act.isPending && act.variables?.kind === 'urge'}
        onClick={() => act.mutate({ kind: 'urge', f: {} })}
      >
        催办
      </Button>,
    );
  if (view.canApplyEdit)
    buttons.push(
      <Button key="applyEdit" onClick={onApplyEdit}>
        申请修改
      </Button>,
    );
  buttons.push(
    <Button key="comment" onClick={() => open('comment')}>
      评论
    </Button>,
  );

  const rejectOptions = task
    ? [
        { value: 'applicant', label: '退回申请人修改' },
        ...task.rejectTargets.map((t) => ({ value: t.id, label: `退回到「${t.name}」` })),
        { value: 'end', label: '不同意（结束流程）' },
      ]
    : [];

  return (
    <>
      {vote && (
        <p className={s.voteTally}>
          投票：{vote.voters} 人中已有 {vote.agree} 人同意、{vote.against} 人反对，{vote.needed} 人同意即通过（比例{' '}
          {vote.ratio.agree}/{vote.ratio.of}）
        </p>
      )}
      <Space wrap className={s.actions}>
        {buttons}
      </Space>
      <Modal
        title={dialog === 'reject' && vote ? '投反对票' : dialog ? TITLES[dialog] : ''}
        open={!!dialog}
        onCancel={() => setDialog(null)}
        onOk={submit}
        okText={dialog === 'withdraw' ? '确认撤回' : '确定'}
        cancelText="取消"
        confirmLoading={act.isPending}
        forceRender
        okButtonProps={{ danger: dialog === 'reject' || dialog === 'withdraw' }}
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={{ to: 'applicant' }}>
          {dialog === 'withdraw' && <p>撤回后审批将终止，确定撤回该申请吗？</p>}
          {dialog === 'approve' && !!task?.picksFor.length && (
            // Later nodes assigned by this approver's choice take one list of people (the server's nextAssignees).
            <Form.Item
              name="nextAssignees"
              label={`选择「${task.picksFor.map((p) => p.name).join('」「')}」的审批人`}
              rules={[{ required: true, message: '请选择下一环节的审批人' }]}
            >
              <UserSelect mode="multiple" context={{ kind: 'task', taskId: task.task.id, purpose: 'next' }} />
            </Form.Item>
          )}
          {dialog === 'reject' && !vote && (
            <Form.Item name="to" label="退回到">
              <Radio.Group options={rejectOptions} className={s.radioColumn} />
            </Form.Item>
          )}
          {dialog === 'transfer' && (
            <Form.Item name="userId" label="转交给" rules={[{ required: true, message: '请选择转交对象' }]}>
              {task && <UserSelect context={{ kind: 'task', taskId: task.task.id, purpose: 'transfer' }} />}
            </Form.Item>
          )}
          {dialog === 'addSigner' && (
            <Form.Item name="userIds" label="加签人" rules={[{ required: true, message: '请选择加签人' }]}>
              {task && (
                <UserSelect mode="multiple" context={{ kind: 'task', taskId: task.task.id, purpose: 'addSigner' }} />
              )}
            </Form.Item>
          )}
          {dialog && dialog !== 'withdraw' && (
            <Form.Item
              name="comment"
              label={dialog === 'comment' ? '评论内容' : '审批意见'}
              rules={
                dialog === 'comment' || dialog === 'reject'
                  ? [
                      {
                        required: true,
                        whitespace: true,
                        message: dialog === 'comment' ? '请输入评论内容' : vote ? '请填写反对原因' : '请填写退回原因',
                      },
                    ]
                  : []
              }
            >
              <TextArea
                rows={3}
                maxLength={1000}
                showCount
                placeholder={dialog === 'approve' ? '同意（选填）' : '请输入'}
              />
            </Form.Item>
          )}
          {dialog === 'comment' && (
            <Form.Item label="附件（最多 10 个）">
              <Upload
                fileList={files}
                maxCount={10}
                onChange={({ fileList }) => setFiles(fileList)}
                customRequest={({ file, onSuccess, onError }) => {
                  uploadCommentFile(view.id, file as File)
                    .then((r) => {
                      setUploaded((m) => ({ ...m, [(file as UploadFile).uid]: r.data.id }));
                      onSuccess?.(r.data);
                    })
                    .catch((e: Error) => onError?.(e));
                }}
              >
                <Button icon={<UploadOutlined />}>上传附件</Button>
              </Upload>
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
