import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { Breadcrumb, Card, Empty, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { getNotice } from '@/modules/home/api';
import html from '@/core/ui/rich-text-editor.module.css';
import s from './notice-detail-page.module.css';

const KIND_TEXT = { notice: '通知公告', news: '新闻动态' } as const;

/** /home/notice/:id: one notice or news item with its rich text body. */
export default function NoticeDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const q = useQuery({
    queryKey: ['home', 'notice', id],
    queryFn: () => getNotice(id).then((r) => r.data),
    enabled: valid,
  });

  return (
    <div className={s.wrap}>
      <Breadcrumb
        className={s.crumb}
        items={[{ title: <Link to="/home/index">首页</Link> }, { title: q.data ? KIND_TEXT[q.data.kind] : '详情' }]}
      />
      <Card className={s.card}>
        {!valid || q.isError ? (
          <Empty description="该内容不存在或已被删除" />
        ) : q.isPending ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : (
          <article>
            <Typography.Title level={2} className={s.title}>
              {q.data.title}
            </Typography.Title>
            <div className={s.meta}>
              <span>{KIND_TEXT[q.data.kind]}</span>
              <span>发布时间：{dayjs(q.data.publishedAt).format('YYYY-MM-DD HH:mm')}</span>
            </div>
            {/* Safe: notice content is sanitised by the server (src/server/rich-text) when an administrator saves it. */}
            <div className={`${html.html} ${s.body}`} dangerouslySetInnerHTML={{ __html: q.data.content }} />
          </article>
        )}
      </Card>
    </div>
  );
}
