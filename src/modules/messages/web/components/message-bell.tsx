import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Drawer, Empty, List, Tabs, Tag, Tooltip, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useSession } from '../../../../core/session/store';
import { listMessages, messageCount, readMessage } from '../../api';
import { MESSAGE_COUNT_REFRESH_MS, MESSAGE_KIND_LABELS, type Message } from '../../contract';
import { isInAppLink, messageTime } from '../../time-text';
import s from './message-bell.module.css';

const PAGE_SIZE = 10;
const KIND_COLOURS: Record<Message['kind'], string> = { task: 'blue', result: 'green', urge: 'red', copy: 'purple', notice: 'orange', system: 'default' };

/** The /web header's bell: the unread count, refreshed every 60 s while the tab is visible, and the message drawer. */
export function MessageBell() {
  const token = useSession((st) => st.token);
  const isAdmin = useSession((st) => st.isAdmin);
  if (!token || isAdmin) return null;
  return <Bell />;
}

function Bell() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<'unread' | 'all'>('unread');
  const [page, setPage] = useState(1);

  // refetchInterval pauses while the tab is hidden (TanStack's default); focus asks again at once.
  const count = useQuery({
    queryKey: ['messages', 'count'],
    queryFn: () => messageCount({ silent: true }).then((r) => r.data.unread),
    refetchInterval: MESSAGE_COUNT_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const list = useQuery({
    queryKey: ['messages', 'list', tab, page],
    queryFn: () => listMessages({ status: tab, page, pageSize: PAGE_SIZE }).then((r) => r.data),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const read = useMutation({
    mutationFn: (body: { id: number } | { all: true }) => readMessage(body).then((r) => r.data),
    onSuccess: (data) => {
      qc.setQueryData(['messages', 'count'], data.unread);
      void qc.invalidateQueries({ queryKey: ['messages', 'list'] });
    },
  });

  const unread = count.data ?? 0;
  const openMessage = (m: Message) => {
    if (m.readAt === null) read.mutate({ id: m.id });
    if (m.link && isInAppLink(m.link)) {
      setOpen(false);
      navigate(m.link);
    }
  };

  return (
    <>
      <Tooltip title="消息">
        <button type="button" className={s.bell} aria-label={unread ? `消息，${unread} 条未读` : '消息'} onClick={() => { setOpen(true); setPage(1); }}>
          <Badge count={unread} size="small" overflowCount={99} offset={[2, -2]}>
            <BellOutlined className={s.bellIcon} />
          </Badge>
        </button>
      </Tooltip>
      <Drawer
        title="消息" open={open} onClose={() => setOpen(false)} size={440}
        extra={<Button size="small" disabled={!unread} loading={read.isPending && !('id' in (read.variables ?? {}))} onClick={() => read.mutate({ all: true })}>全部已读</Button>}
      >
        <Tabs
          activeKey={tab} onChange={(k) => { setTab(k as 'unread' | 'all'); setPage(1); }}
          items={[{ key: 'unread', label: unread ? `未读（${unread}）` : '未读' }, { key: 'all', label: '全部' }]}
        />
        <List
          loading={list.isPending}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tab === 'unread' ? '没有未读消息' : '暂无消息'} /> }}
          pagination={list.data && list.data.total > PAGE_SIZE ? { current: page, pageSize: PAGE_SIZE, total: list.data.total, size: 'small', onChange: setPage, showSizeChanger: false } : false}
          renderItem={(m) => (
            <List.Item className={`${s.item} ${m.readAt === null ? s.unread : ''}`} onClick={() => openMessage(m)} aria-label={`${m.readAt === null ? '未读 ' : ''}${m.title}`}
              role="button" tabIndex={0} onKeyDown={(e) => { if (e.key === 'Enter') openMessage(m); }}>
              <div className={s.row}>
                <div className={s.head}>
                  {m.readAt === null && <span className={s.dot} aria-hidden />}
                  <Tag color={KIND_COLOURS[m.kind]} className={s.kind}>{MESSAGE_KIND_LABELS[m.kind]}</Tag>
                  <Typography.Text strong={m.readAt === null} ellipsis className={s.title}>{m.title}</Typography.Text>
                  <Typography.Text type="secondary" className={s.time}>{messageTime(m.createdAt)}</Typography.Text>
                </div>
                {m.body && <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className={s.body}>{m.body}</Typography.Paragraph>}
              </div>
            </List.Item>
          )}
        />
      </Drawer>
    </>
  );
}
