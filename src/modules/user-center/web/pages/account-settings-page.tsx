import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Avatar,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Image,
  Modal,
  Popconfirm,
  Row,
  Space,
  Table,
  Tag,
} from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { navigate } from '@/core/routing/navigate';
import { TextInput } from '@/core/ui/text-input';
import { useFileSrc } from '@/core/ui/use-file-src';
import { AvatarModal } from '@/modules/accounts/ui-web';
import { signOut } from '@/modules/auth/api';
import { ChangePasswordModal } from '@/modules/auth/ui-web';
import {
  bindContact,
  getPersonalInfo,
  getSignature,
  listSessions,
  revokeSession,
  sendContactCode,
  uploadSignature,
} from '../../api';
import { time } from '../components/format';
import s from './user-center.module.css';

type Channel = 'phone' | 'email';
const CHANNEL_LABELS: Record<Channel, string> = { phone: '手机号', email: '邮箱' };

/** Bind a phone or e-mail: send a code to the new address, then enter it. */
function BindModal({ channel, onClose }: { channel: Channel | null; onClose: () => void }) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ target: string; code: string }>();
  const [sent, setSent] = useState(false);
  const send = useMutation({
    mutationFn: (target: string) => sendContactCode(channel!, target),
    onSuccess: () => {
      setSent(true);
      message.success('验证码已发送（演示环境：验证码写入服务器日志）');
    },
  });
  const bind = useMutation({
    mutationFn: (code: string) => bindContact(channel!, code),
    onSuccess: () => {
      message.success('绑定成功');
      void qc.invalidateQueries({ queryKey: ['userCenter', 'personal'] });
      form.resetFields();
      setSent(false);
      onClose();
    },
  });
  return (
    <Modal
      title={channel ? `绑定${CHANNEL_LABELS[channel]}` : ''}
      open={!!channel}
      onCancel={onClose}
      okText="绑定"
      okButtonProps={{ disabled: !sent }}
      confirmLoading={bind.isPending}
      onOk={() => void form.validateFields(['code']).then((v) => bind.mutate(v.code))}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="target"
          label={channel ? `新${CHANNEL_LABELS[channel]}` : ''}
          rules={[
            { required: true, message: '请填写' },
            channel === 'phone'
              ? { pattern: /^1[3-9]\d{9}$/, message: '请输入 11 位手机号' }
              : { type: 'email', message: '邮箱格式不正确' },
          ]}
        >
          <TextInput
            maxLength={channel === 'phone' ? 11 : 254}
            addonAfter={
              <Button
                type="link"
                size="small"
                loading={send.isPending}
                onClick={() => void form.validateFields(['target']).then((v) => send.mutate(v.target.trim()))}
              >
                {sent ? '重新发送' : '发送验证码'}
              </Button>
            }
          />
        </Form.Item>
        <Form.Item
          name="code"
          label="验证码"
          rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入 6 位验证码' }]}
        >
          <TextInput maxLength={6} disabled={!sent} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function SignatureCard() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const sig = useQuery({ queryKey: ['userCenter', 'signature'], queryFn: () => getSignature().then((r) => r.data) });
  const src = useFileSrc(sig.data?.url);
  const upload = useMutation({
    mutationFn: uploadSignature,
    onSuccess: () => {
      message.success('签名已保存');
      void qc.invalidateQueries({ queryKey: ['userCenter', 'signature'] });
    },
  });
  return (
    <Card title="个人签名" size="small" extra={<span className={s.muted}>审批时使用</span>}>
      <Space orientation="vertical">
        {src ? <Image src={src} alt="我的签名" height={80} /> : <span className={s.muted}>尚未上传签名</span>}
        {sig.data && <span className={s.muted}>更新于 {time(sig.data.updatedAt)}</span>}
        <input
          ref={input}
          type="file"
          hidden
          accept="image/png,image/jpeg,image/gif,image/webp"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (!f) return;
            if (f.size > 1024 * 1024) message.error('签名图片不能超过 1 MB');
            else upload.mutate(f);
          }}
        />
        <Button loading={upload.isPending} onClick={() => input.current?.click()}>
          {sig.data ? '更换签名' : '上传签名'}
        </Button>
      </Space>
    </Card>
  );
}

function SessionsCard() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const list = useQuery({ queryKey: ['userCenter', 'sessions'], queryFn: () => listSessions().then((r) => r.data) });
  const revoke = useMutation({
    mutationFn: revokeSession,
    onSuccess: () => {
      message.success('已退出该设备');
      void qc.invalidateQueries({ queryKey: ['userCenter', 'sessions'] });
    },
  });
  return (
    <Card title="登录设备" size="small">
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        loading={list.isFetching}
        dataSource={list.data}
        columns={[
          {
            title: '设备',
            dataIndex: 'userAgent',
            ellipsis: true,
            render: (v: string | null, r) => (
              <>
                {r.current && <Tag color="green">当前</Tag>}
                {v ?? '未知'}
              </>
            ),
          },
          { title: 'IP', dataIndex: 'ip', width: 140 },
          { title: '登录时间', dataIndex: 'createdAt', width: 160, render: (v: number) => time(v) },
          { title: '最近活动', dataIndex: 'lastSeenAt', width: 160, render: (v: number) => time(v) },
          {
            title: '操作',
            key: 'op',
            width: 110,
            render: (_, r) =>
              r.current ? null : (
                <Popconfirm title="让该设备退出登录？" onConfirm={() => revoke.mutate(r.id)}>
                  <Button type="link" size="small" danger>
                    退出该设备
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}

/** /web/userCenter/accountSettings: profile, avatar, password, bound phone/e-mail, signature, sessions. */
export default function AccountSettingsPage() {
  const info = useQuery({ queryKey: ['userCenter', 'personal'], queryFn: () => getPersonalInfo().then((r) => r.data) });
  const avatar = useFileSrc(info.data?.avatar);
  const [avatarOpen, setAvatarOpen] = useState(false);
  const [pwdOpen, setPwdOpen] = useState(false);
  const [binding, setBinding] = useState<Channel | null>(null);
  const p = info.data;
  return (
    <div className={s.page}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title="个人资料" loading={info.isLoading}>
            {p && (
              <Space align="start" size={24}>
                <Space orientation="vertical" align="center">
                  <Avatar size={96} src={avatar ?? undefined} icon={<UserOutlined />} alt="头像" />
                  <Button size="small" onClick={() => setAvatarOpen(true)}>
                    更换头像
                  </Button>
                </Space>
                <Descriptions column={1} size="small">
                  <Descriptions.Item label="姓名">{p.realName}</Descriptions.Item>
                  {p.facts.map((f) => (
                    <Descriptions.Item key={f.label} label={f.label}>
                      {f.value}
                    </Descriptions.Item>
                  ))}
                  <Descriptions.Item label="手机号">
                    {p.phone ?? '未绑定'}{' '}
                    <Button type="link" size="small" onClick={() => setBinding('phone')}>
                      {p.phone ? '更换' : '绑定'}
                    </Button>
                  </Descriptions.Item>
                  <Descriptions.Item label="邮箱">
                    {p.email ?? '未绑定'}{' '}
                    <Button type="link" size="small" onClick={() => setBinding('email')}>
                      {p.email ? '更换' : '绑定'}
                    </Button>
                  </Descriptions.Item>
                  <Descriptions.Item label="密码">
                    <Button type="link" size="small" onClick={() => setPwdOpen(true)}>
                      修改密码
                    </Button>
                  </Descriptions.Item>
                </Descriptions>
              </Space>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <SignatureCard />
        </Col>
        <Col span={24}>
          <SessionsCard />
        </Col>
      </Row>
      <AvatarModal
        open={avatarOpen}
        onClose={() => {
          setAvatarOpen(false);
          void info.refetch();
        }}
      />
      <ChangePasswordModal
        open={pwdOpen}
        onClose={() => setPwdOpen(false)}
        onChanged={async () => navigate(await signOut('/login'), { replace: true })}
      />
      <BindModal channel={binding} onClose={() => setBinding(null)} />
    </div>
  );
}
