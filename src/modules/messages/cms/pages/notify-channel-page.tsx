import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Form,
  InputNumber,
  Select,
  Space,
  Switch,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { PasswordInput, TextInput } from '@/core/ui/text-input';
import { listChannels, saveChannel, saveGeneral, testChannel } from '@/modules/messages/api';
import {
  NOTIFY_CHANNEL_LABELS,
  NOTIFY_CHANNELS,
  type ChannelView,
  type GeneralSettings,
  type NotifyChannel,
  type TestChannelAnswer,
} from '@/modules/messages/notify-contract';
import s from './notify-pages.module.css';

const SECURITY_OPTIONS = [
  { value: 'starttls', label: 'STARTTLS（587 端口）' },
  { value: 'tls', label: 'SSL/TLS（465 端口）' },
  { value: 'none', label: '不加密（仅限内网中继）' },
];

const SECRET_LABEL: Record<NotifyChannel, string> = {
  email: '密码',
  sms: 'AppSecret',
  wecom: 'Webhook 地址',
  dingtalk: 'Webhook 地址',
};

const HELP: Record<NotifyChannel, string> = {
  email: '通过 SMTP 发送邮件。密码加密保存，保存后不再显示。',
  sms: '通用短信网关：POST JSON（appKey、mobile、signName、templateCode、params），请求头 X-Signature 为 HMAC-SHA256 签名。收件号码取账号绑定的手机号。',
  wecom: '企业微信群机器人：在群设置中添加机器人，复制 Webhook 地址（含 key，加密保存）。消息会 @ 收件人绑定的手机号。',
  dingtalk: '钉钉自定义机器人：复制 Webhook 地址（含 access_token），安全设置选择“加签”并填写 SEC 开头的密钥。',
};

interface ChannelForm {
  enabled: boolean;
  settings: Record<string, unknown>;
  secret?: string;
  secret2?: string;
}

function ChannelEditor({ view, onSaved }: { view: ChannelView; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ChannelForm>();
  const [address, setAddress] = useState('');
  const [result, setResult] = useState<TestChannelAnswer | null>(null);
  const ch = view.channel;
  useEffect(() => {
    form.setFieldsValue({ enabled: view.enabled, settings: view.settings, secret: '', secret2: '' });
  }, [form, view]);

  const save = useMutation({
    mutationFn: (v: ChannelForm) => saveChannel({ channel: ch, ...v, settings: v.settings ?? {} }),
    onSuccess: () => {
      message.success(`${NOTIFY_CHANNEL_LABELS[ch]}设置已保存`);
      onSaved();
    },
  });
  const test = useMutation({
    mutationFn: () => testChannel({ channel: ch, address: address.trim() }),
    onMutate: () => setResult(null),
    onSuccess: (r) => setResult(r.data),
  });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {HELP[ch]}
      </Typography.Paragraph>
      <Form<ChannelForm>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '140px' }}
        wrapperCol={{ flex: '480px' }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch checkedChildren="开" unCheckedChildren="关" />
        </Form.Item>
        {ch === 'email' && (
          <>
            <Form.Item name={['settings', 'host']} label="SMTP 服务器">
              <TextInput placeholder="smtp.example.edu.cn" />
            </Form.Item>
            <Form.Item name={['settings', 'port']} label="端口">
              <InputNumber min={1} max={65535} />
            </Form.Item>
            <Form.Item name={['settings', 'security']} label="加密方式">
              <Select options={SECURITY_OPTIONS} />
            </Form.Item>
            <Form.Item name={['settings', 'allowSelfSigned']} label="证书" valuePropName="checked">
              <Checkbox>接受自签名证书（校内自建 CA）</Checkbox>
            </Form.Item>
            <Form.Item name={['settings', 'from']} label="发件人">
              <TextInput placeholder="综合服务门户 <noreply@example.edu.cn>" />
            </Form.Item>
            <Form.Item name={['settings', 'user']} label="用户名">
              <TextInput placeholder="不需要登录时留空" autoComplete="off" />
            </Form.Item>
          </>
        )}
        {ch === 'sms' && (
          <>
            <Form.Item name={['settings', 'url']} label="网关地址">
              <TextInput placeholder="https://sms.example.com/api/send" />
            </Form.Item>
            <Form.Item name={['settings', 'appKey']} label="AppKey">
              <TextInput />
            </Form.Item>
            <Form.Item name={['settings', 'signName']} label="短信签名">
              <TextInput placeholder="华夏理工大学" />
            </Form.Item>
            <Form.Item name={['settings', 'templateCode']} label="模板编号">
              <TextInput />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="secret"
          label={SECRET_LABEL[ch]}
          extra={
            view.keyStored ? (
              <span>
                <Tag color="success">已保存</Tag>
                {view.webhookHost ? `${view.webhookHost}/…，` : ''}留空表示不修改
              </span>
            ) : (
              '尚未保存'
            )
          }
        >
          {ch === 'wecom' || ch === 'dingtalk' ? (
            <PasswordInput placeholder="https://…" autoComplete="off" />
          ) : (
            <PasswordInput autoComplete="new-password" />
          )}
        </Form.Item>
        {ch === 'dingtalk' && (
          <Form.Item name="secret2" label="加签密钥" extra="SEC 开头；加密保存，留空表示不修改">
            <PasswordInput autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        </Form.Item>
      </Form>
      <Card size="small" title="发送测试">
        <Space.Compact style={{ width: 480 }}>
          <TextInput
            aria-label="测试收件地址"
            placeholder={ch === 'email' ? '收件邮箱，例如 someone@example.edu.cn' : '11 位手机号'}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
          />
          <Button onClick={() => test.mutate()} loading={test.isPending} disabled={!address.trim()}>
            发送测试
          </Button>
        </Space.Compact>
        {result && (
          <Alert
            style={{ marginTop: 12 }}
            type={result.ok ? 'success' : 'error'}
            showIcon
            title={result.ok ? '发送成功' : '发送失败'}
            description={result.detail}
          />
        )}
      </Card>
    </Space>
  );
}

/** /cms/message/notifyChannel (通知渠道): each outside channel on/off, its settings and secrets, 发送测试. */
export default function NotifyChannelPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [general] = Form.useForm<GeneralSettings>();
  const channels = useQuery({ queryKey: ['notify', 'channels'], queryFn: () => listChannels().then((r) => r.data) });
  useEffect(() => {
    if (channels.data) general.setFieldsValue(channels.data.general);
  }, [general, channels.data]);
  const saveG = useMutation({
    mutationFn: (v: GeneralSettings) => saveGeneral(v),
    onSuccess: () => message.success('通用设置已保存'),
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['notify', 'channels'] });

  return (
    <div className={s.page}>
      {channels.data?.demoSink && (
        <Alert
          type="info"
          showIcon
          title="演示模式：本机未配置邮件服务器（SMTP_HOST），电子邮件渠道已指向系统内置的演示邮件服务器，收到的邮件可在「演示邮箱」查看。生产环境请设置 SMTP_* 环境变量或在此填写学校的邮件服务器。"
        />
      )}
      <Card title="通用设置">
        <Form<GeneralSettings> form={general} layout="inline" onFinish={(v) => saveG.mutate(v)}>
          <Form.Item name="portalUrl" label="门户地址" tooltip="邮件中的链接以此开头">
            <TextInput style={{ width: 320 }} placeholder="https://portal.example.edu.cn" />
          </Form.Item>
          <Form.Item name="siteName" label="平台名称">
            <TextInput style={{ width: 240 }} />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" loading={saveG.isPending}>
              保存
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card title="通知渠道" loading={channels.isPending}>
        <Tabs
          items={NOTIFY_CHANNELS.map((ch) => {
            const view = channels.data?.list.find((c) => c.channel === ch);
            return {
              key: ch,
              label: (
                <span>
                  {NOTIFY_CHANNEL_LABELS[ch]} {view?.enabled ? <Tag color="success">已启用</Tag> : <Tag>未启用</Tag>}
                </span>
              ),
              children: view ? <ChannelEditor view={view} onSaved={refresh} /> : null,
            };
          })}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          站内消息始终发送，不可关闭。用户可在「个人中心 → 通知设置」选择各类消息通过哪些已启用的渠道接收。
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
