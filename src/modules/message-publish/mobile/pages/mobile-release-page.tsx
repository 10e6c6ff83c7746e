import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { DotLoading, ErrorBlock, NavBar } from 'antd-mobile';
import { viewRelease } from '../../api';
import { MessageBody } from '../../components/message-body';
import { timeText } from '../../components/time-text';
import s from './mobile-release-page.module.css';

/** A published message on the phone (/mobile/publishMessage?id=): where its entry in 消息 opens. */
export default function MobileReleasePage() {
  const navigate = useNavigate();
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
      <NavBar className={s.nav} onBack={() => navigate('/mobile/messages')}>
        消息详情
      </NavBar>
      {q.isLoading ? (
        <div className={s.loading}>
          <DotLoading />
        </div>
      ) : !q.data ? (
        <ErrorBlock status="empty" title="消息不存在或已撤回" description="" />
      ) : (
        <article className={s.card}>
          <h1 className={s.title}>{q.data.title}</h1>
          <div className={s.meta}>
            {q.data.publisherName}
            {q.data.sentAt ? ` · ${timeText(q.data.sentAt)}` : ''}
          </div>
          <MessageBody content={q.data.content} attachments={q.data.attachments} />
        </article>
      )}
    </div>
  );
}
