import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Modal, Popconfirm, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { toast } from '@/core/ui/toast';
import { createFeed, fetchFeed, revokeFeed } from '../../api';

const at = (ms: number | null) => (ms === null ? '尚未同步' : dayjs(ms).format('YYYY-MM-DD HH:mm'));

/** 订阅到手机日历: make, show once, or stop the person's iCalendar link. */
export function FeedModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const status = useQuery({
    queryKey: ['calendar', 'feed'],
    queryFn: () => fetchFeed().then((r) => r.data),
    enabled: open,
  });
  const [url, setUrl] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => createFeed().then((r) => r.data),
    onSuccess: (d) => {
      setUrl(d.url);
      void qc.invalidateQueries({ queryKey: ['calendar', 'feed'] });
    },
  });
  const revoke = useMutation({
    mutationFn: () => revokeFeed(),
    onSuccess: () => {
      setUrl(null);
      toast.success('订阅链接已停用，手机日历将不再更新');
      void qc.invalidateQueries({ queryKey: ['calendar', 'feed'] });
    },
  });
  const s = status.data;
  return (
    <Modal title="订阅到手机日历" open={open} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">
          在手机或电脑的日历应用中“添加订阅日历”，粘贴下面的链接，即可在手机上看到校历、个人日程和部门日程。
          链接相当于密码，请勿转发；重新生成或停用后，旧链接立即失效。
        </Typography.Paragraph>
        {s && (
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="订阅状态">{s.active ? '已开启' : '未开启'}</Descriptions.Item>
            {s.active && <Descriptions.Item label="生成时间">{at(s.createdAt)}</Descriptions.Item>}
            {s.active && <Descriptions.Item label="最近同步">{at(s.lastFetchedAt)}</Descriptions.Item>}
          </Descriptions>
        )}
        {url && (
          <Alert
            type="success"
            showIcon
            title="订阅链接（只显示这一次，请立即复制）"
            description={
              <Space orientation="vertical">
                <Typography.Text copyable data-testid="feed-url">
                  {url}
                </Typography.Text>
                <a href={url.replace(/^https?:/, 'webcal:')}>在本机日历中打开</a>
              </Space>
            }
          />
        )}
        <Space>
          <Button type="primary" loading={create.isPending} onClick={() => create.mutate()}>
            {s?.active ? '重新生成链接' : '生成订阅链接'}
          </Button>
          {s?.active && (
            <Popconfirm title="停用后手机日历将不再更新，确定停用？" onConfirm={() => revoke.mutate()}>
              <Button danger loading={revoke.isPending}>
                停用订阅
              </Button>
            </Popconfirm>
          )}
        </Space>
      </Space>
    </Modal>
  );
}
