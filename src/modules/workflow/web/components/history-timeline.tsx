import { Empty, Timeline, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import type { HistoryItem } from '@/modules/workflow/contract';
import { HISTORY_ACTION_LABELS, actionColor, formatTime } from '@/modules/workflow/components/labels';
import s from './approval.module.css';

type Item = Omit<HistoryItem, 'attachments' | 'actorId'> & { attachments?: HistoryItem['attachments'] };

/** Who did what when, oldest first, with comments and their attachments. */
export function HistoryTimeline({ history }: { history: Item[] }) {
  if (!history.length) return <Empty description="暂无审批记录" />;
  return (
    <Timeline
      items={history.map((h) => ({
        key: h.id,
        color: actionColor(h.action),
        title: formatTime(h.at),
        content: (
          <div className={s.historyItem} data-history={h.action}>
            <div>
              <Typography.Text strong>{h.actorName || '系统'}</Typography.Text>
              <span className={s.historyAction}>{HISTORY_ACTION_LABELS[h.action] ?? h.action}</span>
              {h.nodeName && <Typography.Text type="secondary">（{h.nodeName}）</Typography.Text>}
            </div>
            {h.comment && <div className={s.historyComment}>{h.comment}</div>}
            {!!h.attachments?.length && (
              <div className={s.attachments}>
                {h.attachments.map((a) => (
                  <a key={a.id} href={a.url} target="_blank" rel="noreferrer">
                    <PaperClipOutlined /> {a.name}
                  </a>
                ))}
              </div>
            )}
          </div>
        ),
      }))}
    />
  );
}
