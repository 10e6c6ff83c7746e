import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Drawer, Table } from 'antd';
import dayjs from 'dayjs';
import { listChannels, listDemoMail } from '@/modules/messages/api';
import type { DemoMail } from '@/modules/messages/notify-contract';
import s from './notify-pages.module.css';

const time = (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss');

/**
 * /cms/message/demoMailbox (演示邮箱): what the demo's own SMTP server received — real e-mails the
 * e-mail channel sent over SMTP, shown as text (never the mail's HTML, which is not ours to trust).
 */
export default function DemoMailboxPage() {
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [open, setOpen] = useState<DemoMail | null>(null);
  const mails = useQuery({
    queryKey: ['notify', 'demoMail', paging],
    queryFn: () => listDemoMail(paging).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const channels = useQuery({ queryKey: ['notify', 'channels'], queryFn: () => listChannels().then((r) => r.data) });

  return (
    <div className={s.page}>
      <Alert
        type={channels.data?.demoSink === false ? 'warning' : 'info'}
        showIcon
        title={
          channels.data?.demoSink === false
            ? '当前未运行演示邮件服务器（已设置 SMTP_HOST 或非演示模式），邮件由真实的邮件服务器发送，此处只列出以前收到的邮件。'
            : '演示环境没有真实邮件服务器：系统在本机回环地址上运行一个 SMTP 服务器，电子邮件渠道发出的邮件都投递到这里。'
        }
      />
      <Card title="演示邮箱" extra={<Button onClick={() => void mails.refetch()}>刷新</Button>}>
        <Table<DemoMail>
          rowKey="id"
          size="middle"
          loading={mails.isFetching}
          dataSource={mails.data?.list ?? []}
          locale={{ emptyText: '尚未收到邮件' }}
          onRow={(r) => ({ onClick: () => setOpen(r), style: { cursor: 'pointer' } })}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: mails.data?.total ?? 0,
            showTotal: (t) => `共 ${t} 封`,
            onChange: (page, pageSize) => setPaging({ page, pageSize }),
          }}
          columns={[
            { title: '收到时间', dataIndex: 'receivedAt', width: 180, render: time },
            { title: '收件人', dataIndex: 'rcptTo', width: 260 },
            { title: '发件人', dataIndex: 'mailFrom', width: 220 },
            { title: '主题', dataIndex: 'subject', ellipsis: true },
          ]}
        />
      </Card>
      <Drawer size={640} title={open?.subject} open={!!open} onClose={() => setOpen(null)}>
        {open && (
          <>
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'from', label: '发件人', children: open.mailFrom },
                { key: 'to', label: '收件人', children: open.rcptTo },
                { key: 'at', label: '收到时间', children: time(open.receivedAt) },
              ]}
            />
            <div className={s.mailBody} style={{ marginTop: 16 }}>
              {open.text}
            </div>
          </>
        )}
      </Drawer>
    </div>
  );
}
