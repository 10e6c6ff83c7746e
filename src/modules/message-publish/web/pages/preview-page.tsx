import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Card, Empty, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { viewRelease } from '../../api';
import { MessageBody } from '../../components/message-body';
import s from './publish-message.module.css';

/** 消息详情 (preview): what a recipient's message opens — the whole text and its attachments. */
export default function PreviewPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const q = useQuery({
    queryKey: ['message-publish', 'view', id],
    queryFn: () => viewRelease(id).then((r) => r.data),
    enabled: id > 0,
    retry: false,
  });
  return (
    <div className={s.page}>
      <Card className={s.reader}>
        {q.isLoading ? (
          <Skeleton active />
        ) : !q.data ? (
          <Empty description="消息不存在或已撤回" />
        ) : (
          <article className={s.preview}>
            <h2>{q.data.title}</h2>
            <div className={s.meta}>
              {q.data.publisherName}
              {q.data.sentAt ? ` · ${dayjs(q.data.sentAt).format('YYYY-MM-DD HH:mm')}` : ''}
            </div>
            <MessageBody content={q.data.content} attachments={q.data.attachments} />
          </article>
        )}
      </Card>
    </div>
  );
}
