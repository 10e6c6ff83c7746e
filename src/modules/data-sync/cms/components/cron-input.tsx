import { Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { describeCron, nextRuns } from '@/modules/data-sync/cron-text';
import { TextInput } from '@/core/ui/text-input';

/** A cron field with its meaning and next three runs underneath (blank = manual only). */
export function CronInput(props: { value?: string | null; onChange?: (v: string) => void }) {
  const v = (props.value ?? '').trim();
  const text = v ? describeCron(v) : null;
  return (
    <Space orientation="vertical" size={2} style={{ width: '100%' }}>
      <TextInput
        aria-label="定时计划"
        placeholder="留空则仅手动同步；例如 0 2 * * *（每天 02:00）"
        value={props.value ?? ''}
        onChange={(e) => props.onChange?.(e.target.value)}
        style={{ width: 360 }}
      />
      <Typography.Text type={v && !text ? 'danger' : 'secondary'} data-testid="cron-preview">
        {!v
          ? '仅手动同步'
          : text
            ? `${text}；接下来：${nextRuns(v, 3)
                .map((t) => dayjs(t).format('MM-DD HH:mm'))
                .join('、')}`
            : '无法识别：五段 cron（分 时 日 月 周），如 0 2 * * * 或 */30 * * * *'}
      </Typography.Text>
    </Space>
  );
}
