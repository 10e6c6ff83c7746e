import { Checkbox, Form, Modal, Rate, Space, Tag, Typography } from 'antd';
import { TextArea } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { useRateForm } from '../../components/use-rate-form';
import { COMMENT_MAX, LEVEL_LABELS, isBadLevel, type PendingRow } from '../../contract';

const TOOLTIPS = [1, 2, 3, 4, 5].map((k) => LEVEL_LABELS[k]!);

/** 评价 an ended application or booking: five levels, the level's labels, a comment, anonymous. */
export function RateModal({ target, onClose }: { target: PendingRow | null; onClose: () => void }) {
  const f = useRateForm(target, (message) => {
    toast.success(message);
    onClose();
  });
  const { level } = f;
  return (
    <Modal
      open={!!target}
      title={`评价：${target?.itemName ?? ''}`}
      okText="提交评价"
      cancelText="取消"
      confirmLoading={f.save.isPending}
      onOk={() => f.save.mutate()}
      onCancel={() => {
        f.reset();
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{target?.title}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="满意度" required>
          <Space>
            <Rate aria-label="满意度" allowClear={false} tooltips={TOOLTIPS} value={level} onChange={f.setLevel} />
            <Typography.Text type={isBadLevel(level) ? 'danger' : undefined}>{LEVEL_LABELS[level]}</Typography.Text>
          </Space>
        </Form.Item>
        {f.levelLabels.length > 0 && (
          <Form.Item label="评价标签">
            <Space wrap size={[4, 8]}>
              {f.levelLabels.map((l) => (
                <Tag.CheckableTag
                  key={l.id}
                  checked={f.labelIds.includes(l.id)}
                  onChange={(on) => f.setLabelIds((c) => (on ? [...c, l.id] : c.filter((x) => x !== l.id)))}
                >
                  {l.name}
                </Tag.CheckableTag>
              ))}
            </Space>
          </Form.Item>
        )}
        <Form.Item label="评价内容" extra={isBadLevel(level) ? '差评将转交事项所属部门整改，并答复您。' : undefined}>
          <TextArea
            aria-label="评价内容"
            rows={4}
            maxLength={COMMENT_MAX}
            showCount
            value={f.comment}
            placeholder="说说您的办理体验（选填）"
            onChange={(e) => f.setComment(e.target.value)}
          />
        </Form.Item>
        <Checkbox checked={f.anonymous} onChange={(e) => f.setAnonymous(e.target.checked)}>
          匿名评价（公开展示时不显示姓名）
        </Checkbox>
      </Form>
    </Modal>
  );
}
