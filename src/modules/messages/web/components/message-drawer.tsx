import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, List, Tabs, Tag, Typography } from 'antd';
import { listMessages, readMessage } from '@/modules/messages/api';
import { MESSAGE_DONE_LABEL, MESSAGE_KIND_LABELS, type Message } from '@/modules/messages/contract';
import { isInAppLink, messageTime } from '@/modules/messages/time-text';
import s from './message-bell.module.css';

const PAGE_SIZE = 10;
const KIND_COLOURS: Record<Message['kind'], string> = {
  task: 'blue',
  result: 'green',
  urge: 'red',
  copy: 'purple',
  notice: 'orange',
  system: 'default',
};

/** The bell's drawer: 未读 / 全部, a tap marks read and follows the link, 全部已读. */
export default function MessageDrawer({
  open,
  unread,
  onClose,
}: {
  open: boolean;
  unread: number;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [tab, setTab] = useState<'unread' | 'all'>('unread');
  const [page, setPage] = useState(1);
  useEffect(() => {
    if (open) setPage(1);
  }, [open]);

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

  const openMessage = (m: Message) => {
    if (m.readAt === null) read.mutate({ id: m.id });
    if (m.link && isInAppLink(m.link)) {
      onClose();
      navigate(m.link);
    }
  };

  return (
    <Drawer
      title="消息"
      open={open}
      onClose={onClose}
      size={440}
      extra={
        <Button
          size="small"
          disabled={!unread}
          loading={read.isPending && !('id' in (read.variables ?? {}))}
          onClick={() => read.mutate({ all: true })}
        >
          全部已读
        </Button>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as 'unread' | 'all');
          setPage(1);
        }}
        items={[
          { key: 'unread', label: unread ? `未读（${unread}）` : '未读' },
          { key: 'all', label: '全部' },
        ]}
      />
      <List
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tab === 'unread' ? '没有未读消息' : '暂无消息'} />
          ),
        }}
        pagination={
          list.data && list.data.total > PAGE_SIZE
            ? {
                current: page,
                pageSize: PAGE_SIZE,
                total: list.data.total,
                size: 'small',
                onChange: setPage,
                showSizeChanger: false,
              }
            : false
        }
        renderItem={(m) => (
          <List.Item
            className={`${s.item} ${m.readAt === null ? s.unread : ''}`}
            onClick={() => openMessage(m)}
            aria-label={`${m.readAt === null ? '未读 ' : ''}${m.doneAt !== null ? `${MESSAGE_DONE_LABEL} ` : ''}${m.title}`}
            role="button"
            tabIndex={0}
            onKeyDown={(e) => {
              if (e.key === 'Enter') openMessage(m);
            }}
          >
            <div className={s.row}>
              <div className={s.head}>
                {m.readAt === null && <span className={s.dot} aria-hidden />}
                <Tag color={KIND_COLOURS[m.kind]} className={s.kind}>
                  {MESSAGE_KIND_LABELS[m.kind]}
                </Tag>
                {m.doneAt !== null && (
                  <Tag className={s.kind} title={`${messageTime(m.doneAt)}已处理`}>
                    {MESSAGE_DONE_LABEL}
                  </Tag>
                )}
                <Typography.Text strong={m.readAt === null} ellipsis className={s.title}>
                  {m.title}
                </Typography.Text>
                <Typography.Text type="secondary" className={s.time}>
                  {messageTime(m.createdAt)}
                </Typography.Text>
              </div>
              {m.body && (
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className={s.body}>
                  {m.body}
                </Typography.Paragraph>
              )}
            </div>
          </List.Item>
        )}
      />
    </Drawer>
  );
}
