import { Alert, App, Button, Descriptions, Result, Skeleton, Space, Tag } from 'antd';
import { FormRenderer } from '@/modules/forms/ui-web';
import { PART_STATE_LABELS, RECORD_STATE_LABELS } from '../../contract';
import { PART_STATE_COLORS, RECORD_STATE_COLORS, time } from '../../components/labels';
import { useFill } from '../../components/use-fill';

/** One assignment: the form (my fields open, a collaborator's locked), 暂存 and 提交, where the record stands. */
export function FillPanel({ assignmentId, onClose }: { assignmentId: number; onClose: () => void }) {
  const { message } = App.useApp();
  const f = useFill(assignmentId, (a, submitted) => {
    if (!submitted) message.success('已暂存');
    else if (a.recordState === 'written') message.success('提交成功，已入库');
    else if (a.recordState === 'approving') message.success('提交成功，等待审批');
    else if (a.recordState === 'submitted') message.success('提交成功，等待入库审核');
    else message.success('您的部分已提交，等待其他协同人填写');
  });
  const v = f.view.data;
  if (f.view.isError)
    return <Result status="warning" title="无法打开该填报" extra={<Button onClick={onClose}>返回列表</Button>} />;
  if (!v || !f.schema) return <Skeleton active />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions
        size="small"
        column={3}
        title={v.title}
        extra={<Button onClick={onClose}>返回列表</Button>}
        items={[
          { key: 'r', label: '记录', children: v.recordLabel },
          { key: 'd', label: '截止时间', children: time(v.deadline) },
          {
            key: 's',
            label: '状态',
            children: (
              <Space>
                <Tag color={PART_STATE_COLORS[v.part]}>{PART_STATE_LABELS[v.part]}</Tag>
                <Tag color={RECORD_STATE_COLORS[v.recordState]}>{RECORD_STATE_LABELS[v.recordState]}</Tag>
              </Space>
            ),
          },
        ]}
      />
      {v.description && <Alert type="info" showIcon title={v.description} />}
      {v.recordState === 'returned' && v.note && <Alert type="warning" showIcon title={`退回原因：${v.note}`} />}
      {v.recordState === 'rejected' && <Alert type="error" showIcon title={`未通过${v.note ? `：${v.note}` : ''}`} />}
      {v.parts.length > 0 && (
        <Alert
          type="info"
          title={`协同填报：您负责 ${v.editable?.length ?? 0} 个字段；${v.parts
            .map((p) => `${p.userName}（${PART_STATE_LABELS[p.part]}）`)
            .join('、')}`}
        />
      )}
      <FormRenderer
        schema={f.schema}
        values={f.values}
        onChange={v.canEdit ? f.setValues : undefined}
        mode={v.canEdit ? 'fill' : 'readOnly'}
        errors={f.errors}
        upload={v.canEdit ? f.upload : undefined}
        pickers={f.pickers}
      />
      {v.canEdit && (
        <Space>
          <Button onClick={() => f.save.mutate()} loading={f.save.isPending}>
            暂存
          </Button>
          <Button type="primary" onClick={() => f.submit.mutate()} loading={f.submit.isPending}>
            {v.recordState === 'returned' ? '重新提交' : '提交'}
          </Button>
        </Space>
      )}
    </Space>
  );
}
