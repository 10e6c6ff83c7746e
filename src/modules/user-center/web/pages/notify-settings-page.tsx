import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Descriptions, Space, Table, Tag, Tooltip } from 'antd';
import { Link } from 'react-router-dom';
import { myPreferences, savePreferences } from '@/modules/messages/api';
import { MESSAGE_KIND_LABELS, MESSAGE_KINDS, type MessageKind } from '@/modules/messages/contract';
import {
  NOTIFY_CHANNEL_LABELS,
  type MyPreferences,
  type NotifyChannel,
  type PrefChoice,
} from '@/modules/messages/contract';
import s from './user-center.module.css';

const KIND_HINT: Record<MessageKind, string> = {
  task: '新的待办、待审批事项',
  result: '我的申请通过、退回、驳回',
  urge: '他人催办我的待办',
  copy: '抄送给我的审批',
  notice: '通知公告、表单收到新提交',
  system: '账号与系统提醒',
};

export const hasAddress = (p: MyPreferences, c: NotifyChannel) => (c === 'email' ? p.emailValid : p.phoneValid);
const key = (kind: string, channel: string) => `${kind}:${channel}`;

/**
 * 个人中心 → 通知设置 (/web/userCenter/notifySettings): which message kinds reach the user on which
 * outside channels the back office has on; the in-app message is always sent. Addresses come from
 * the account (账号设置 binds them); a channel without a valid one cannot be turned on.
 */
export default function NotifySettingsPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const prefs = useQuery({ queryKey: ['notify', 'preferences'], queryFn: () => myPreferences().then((r) => r.data) });
  const [choices, setChoices] = useState<Map<string, boolean>>(new Map());
  useEffect(() => {
    if (prefs.data) setChoices(new Map(prefs.data.choices.map((c) => [key(c.kind, c.channel), c.enabled])));
  }, [prefs.data]);
  const save = useMutation({
    mutationFn: (list: PrefChoice[]) => savePreferences(list),
    onSuccess: (r) => {
      qc.setQueryData(['notify', 'preferences'], r.data);
      message.success('通知设置已保存');
    },
  });
  const p = prefs.data;
  const channels = p?.channels ?? [];

  const submit = () =>
    save.mutate(
      MESSAGE_KINDS.flatMap((kind) =>
        channels.map((channel) => ({ kind, channel, enabled: !!choices.get(key(kind, channel)) })),
      ),
    );

  return (
    <div className={s.page}>
      <Card title="接收地址" loading={prefs.isPending}>
        {p && (
          <Descriptions
            column={2}
            items={[
              {
                key: 'email',
                label: '邮箱',
                children: p.email ? (
                  <Space>
                    {p.email}
                    {!p.emailValid && <Tag color="error">格式不正确</Tag>}
                  </Space>
                ) : (
                  <Tag>未绑定</Tag>
                ),
              },
              {
                key: 'phone',
                label: '手机号',
                children: p.phone ? (
                  <Space>
                    {p.phone}
                    {!p.phoneValid && <Tag color="error">格式不正确</Tag>}
                  </Space>
                ) : (
                  <Tag>未绑定</Tag>
                ),
              },
            ]}
          />
        )}
        <Link to="/web/userCenter/accountSettings">在账号设置中绑定或修改邮箱、手机号</Link>
      </Card>
      <Card
        title="通知方式"
        loading={prefs.isPending}
        extra={
          <Button type="primary" onClick={submit} loading={save.isPending} disabled={!channels.length}>
            保存
          </Button>
        }
      >
        {p && !channels.length && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="管理员尚未启用站外通知渠道，目前只通过站内消息通知您。"
          />
        )}
        <Table<{ kind: MessageKind }>
          rowKey="kind"
          size="middle"
          pagination={false}
          dataSource={MESSAGE_KINDS.map((kind) => ({ kind }))}
          columns={[
            {
              title: '消息类型',
              dataIndex: 'kind',
              width: 280,
              render: (k: MessageKind) => (
                <Space orientation="vertical" size={0}>
                  <strong>{MESSAGE_KIND_LABELS[k]}</strong>
                  <span className={s.muted}>{KIND_HINT[k]}</span>
                </Space>
              ),
            },
            {
              title: '站内消息',
              width: 140,
              render: () => (
                <Tooltip title="站内消息始终发送，不可关闭">
                  <Checkbox checked disabled aria-label="站内消息" />
                </Tooltip>
              ),
            },
            ...channels.map((channel) => ({
              title: NOTIFY_CHANNEL_LABELS[channel],
              width: 140,
              render: (_: unknown, r: { kind: MessageKind }) => {
                const usable = !!p && hasAddress(p, channel);
                const box = (
                  <Checkbox
                    aria-label={`${MESSAGE_KIND_LABELS[r.kind]} ${NOTIFY_CHANNEL_LABELS[channel]}`}
                    checked={usable && !!choices.get(key(r.kind, channel))}
                    disabled={!usable}
                    onChange={(e) => setChoices((m) => new Map(m).set(key(r.kind, channel), e.target.checked))}
                  />
                );
                return usable ? (
                  box
                ) : (
                  <Tooltip title={channel === 'email' ? '请先绑定邮箱' : '请先绑定手机号'}>{box}</Tooltip>
                );
              },
            })),
          ]}
        />
      </Card>
    </div>
  );
}
