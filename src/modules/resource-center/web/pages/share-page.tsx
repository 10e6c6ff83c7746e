import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Skeleton, Space, Typography } from 'antd';
import { PasswordInput } from '@/core/ui/text-input';
import { HttpError } from '@/core/http';
import { fetchShareInfo, openShare } from '../../api';
import { KIND_LABELS } from '../../contract';
import { ResourcePreview } from '../../components/resource-preview';
import { time } from '../../components/labels';

const messageOf = (e: unknown) => (e instanceof HttpError ? e.message : '请求服务失败');

/**
 * /share/resource?token=: a visitor opens a shared resource without signing in. The server
 * checks the password and counts the visit; an expired, revoked or used-up link says so.
 */
export default function SharePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const info = useQuery({
    queryKey: ['resource-share', token],
    queryFn: () => fetchShareInfo(token).then((r) => r.data),
    retry: false,
    enabled: /^[A-Za-z0-9_-]{16,64}$/.test(token),
  });
  const open = useMutation({ mutationFn: () => openShare(token, password).then((r) => r.data) });
  const frame = (body: React.ReactNode) => (
    <div style={{ maxWidth: 1100, margin: '0 auto', padding: '24px 12px' }}>
      <Typography.Title level={4} style={{ textAlign: 'center' }}>
        华夏理工大学 · 资源分享
      </Typography.Title>
      {body}
    </div>
  );
  if (!info.isEnabled || info.isError)
    return frame(<Result status="warning" title={info.isError ? messageOf(info.error) : '分享链接不正确'} />);
  if (!info.data) return frame(<Skeleton active />);
  const i = info.data;
  if (open.data)
    return frame(
      <Card title={open.data.resource.title}>
        <ResourcePreview open={open.data} height="75vh" />
      </Card>,
    );
  return frame(
    <Card title={i.title} style={{ maxWidth: 480, margin: '0 auto' }}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <div>
          {KIND_LABELS[i.kind]} · 分享人 {i.ownerName} · 有效期至 {time(i.expiresAt)}
        </div>
        {open.isError && <Alert type="error" showIcon title={messageOf(open.error)} />}
        {i.needsPassword && (
          <PasswordInput
            aria-label="访问密码"
            placeholder="请输入访问密码"
            maxLength={20}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onPressEnter={() => open.mutate()}
          />
        )}
        <Button type="primary" block loading={open.isPending} onClick={() => open.mutate()}>
          查看资源
        </Button>
      </Space>
    </Card>,
  );
}
