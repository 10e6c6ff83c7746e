import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ErrorBlock, NavBar, Skeleton } from 'antd-mobile';
import dayjs from 'dayjs';
import '@/core/ui/antd-mobile-setup';
import { getNotice } from '@/modules/home/api';
import html from '@/core/ui/rich-text-editor.module.css';
import s from '@/core/ui/phone-page.module.css';

const positive = (v: string | null) => (v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null);

/**
 * /mobile/notice?id=N (public): a published notice or news item on the phone — where a message
 * announcing it leads (the visitor site's /home/notice/N is a desktop page).
 */
export default function MobileNoticePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = positive(params.get('id'));
  const notice = useQuery({
    queryKey: ['notice', id],
    queryFn: () => getNotice(id!).then((r) => r.data),
    enabled: id !== null,
  });
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/mobile/home', { replace: true }));
  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={back}>
        {notice.data?.kind === 'news' ? '新闻' : '通知公告'}
      </NavBar>
      {id === null || notice.isError ? (
        <ErrorBlock status="empty" title="该通知不存在或已撤回" description="" />
      ) : notice.isPending ? (
        <div className={s.body}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      ) : (
        <article className={s.article}>
          <h1>{notice.data.title}</h1>
          <div className={s.meta}>
            <span>发布于 {dayjs(notice.data.publishedAt).format('YYYY-MM-DD HH:mm')}</span>
          </div>
          {/* Safe: notices are sanitised by the server (src/server/rich-text) when saved. */}
          <div className={html.html} dangerouslySetInnerHTML={{ __html: notice.data.content }} />
        </article>
      )}
    </div>
  );
}
