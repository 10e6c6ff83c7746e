import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Form, List, Popup, Skeleton, Tag, Toast } from 'antd-mobile';
import { MobileInput } from '@/core/ui/mobile-text-input';
import { bindContact, getPersonalInfo, listSessions, revokeSession, sendContactCode } from '../../api';
import { time } from '../../web/components/format';
import { PhoneFrame, phone } from '../components/phone-frame';

type Channel = 'phone' | 'email';

function BindSheet({ channel, onClose }: { channel: Channel | null; onClose: () => void }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<{ target: string; code: string }>();
  const [sent, setSent] = useState(false);
  const send = useMutation({
    mutationFn: (target: string) => sendContactCode(channel!, target),
    onSuccess: () => {
      setSent(true);
      Toast.show({ content: '验证码已发送' });
    },
  });
  const bind = useMutation({
    mutationFn: (code: string) => bindContact(channel!, code),
    onSuccess: () => {
      Toast.show({ icon: 'success', content: '绑定成功' });
      void qc.invalidateQueries({ queryKey: ['userCenter', 'personal'] });
      setSent(false);
      form.resetFields();
      onClose();
    },
  });
  return (
    <Popup visible={!!channel} onMaskClick={onClose}>
      <Form
        form={form}
        layout="vertical"
        onFinish={(v: { code: string }) => bind.mutate(v.code)}
        footer={
          <Button block type="submit" color="primary" disabled={!sent} loading={bind.isPending}>
            绑定
          </Button>
        }
      >
        <Form.Header>{channel === 'phone' ? '绑定手机号' : '绑定邮箱'}</Form.Header>
        <Form.Item
          name="target"
          label={channel === 'phone' ? '手机号' : '邮箱'}
          rules={[{ required: true, message: '请填写' }]}
          extra={
            <Button
              size="small"
              loading={send.isPending}
              onClick={() => void form.validateFields(['target']).then((v) => send.mutate(v.target.trim()))}
            >
              {sent ? '重新发送' : '发送验证码'}
            </Button>
          }
        >
          <MobileInput maxLength={channel === 'phone' ? 11 : 254} />
        </Form.Item>
        <Form.Item name="code" label="验证码" rules={[{ required: true, message: '请输入 6 位验证码' }]}>
          <MobileInput maxLength={6} inputMode="numeric" />
        </Form.Item>
      </Form>
    </Popup>
  );
}

/** /mobile/accountSettings: profile, bound phone/e-mail and the devices signed in. */
export default function MobileAccountSettingsPage() {
  const qc = useQueryClient();
  const info = useQuery({ queryKey: ['userCenter', 'personal'], queryFn: () => getPersonalInfo().then((r) => r.data) });
  const sessions = useQuery({
    queryKey: ['userCenter', 'sessions'],
    queryFn: () => listSessions().then((r) => r.data),
  });
  const [binding, setBinding] = useState<Channel | null>(null);
  const revoke = useMutation({
    mutationFn: revokeSession,
    onSuccess: () => {
      Toast.show({ content: '已退出该设备' });
      void qc.invalidateQueries({ queryKey: ['userCenter', 'sessions'] });
    },
  });
  const p = info.data;
  return (
    <PhoneFrame title="账号设置">
      {!p ? (
        <div className={phone.body}>
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      ) : (
        <>
          <List header="个人资料">
            <List.Item extra={p.realName}>姓名</List.Item>
            {p.facts.map((f) => (
              <List.Item key={f.label} extra={f.value}>
                {f.label}
              </List.Item>
            ))}
            <List.Item extra={p.phone ?? '未绑定'} onClick={() => setBinding('phone')}>
              手机号
            </List.Item>
            <List.Item extra={p.email ?? '未绑定'} onClick={() => setBinding('email')}>
              邮箱
            </List.Item>
          </List>
          <List header="登录设备">
            {(sessions.data ?? []).map((s) => (
              <List.Item
                key={s.id}
                description={`${s.ip ?? ''} · 最近 ${time(s.lastSeenAt)}`}
                extra={
                  s.current ? (
                    <Tag color="success">当前</Tag>
                  ) : (
                    <Button
                      size="mini"
                      color="danger"
                      onClick={() =>
                        void Dialog.confirm({ content: '让该设备退出登录？' }).then((y) => y && revoke.mutate(s.id))
                      }
                    >
                      退出
                    </Button>
                  )
                }
              >
                {(s.userAgent ?? '未知设备').slice(0, 40)}
              </List.Item>
            ))}
          </List>
        </>
      )}
      <BindSheet channel={binding} onClose={() => setBinding(null)} />
    </PhoneFrame>
  );
}
