import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { List, Skeleton, Switch, Toast } from 'antd-mobile';
import { Link } from 'react-router-dom';
import { myPreferences, savePreferences } from '@/modules/messages/api';
import { MESSAGE_KIND_LABELS, MESSAGE_KINDS, type MessageKind } from '@/modules/messages/contract';
import { NOTIFY_CHANNEL_LABELS, type NotifyChannel } from '@/modules/messages/contract';
import { PhoneFrame } from '../components/phone-frame';

/** /mobile/notifySettings (通知设置): the phone face of 个人中心 → 通知设置; each switch saves at once. */
export default function MobileNotifySettingsPage() {
  const qc = useQueryClient();
  const prefs = useQuery({ queryKey: ['notify', 'preferences'], queryFn: () => myPreferences().then((r) => r.data) });
  const save = useMutation({
    mutationFn: (c: { kind: MessageKind; channel: NotifyChannel; enabled: boolean }) => savePreferences([c]),
    onSuccess: (r) => {
      qc.setQueryData(['notify', 'preferences'], r.data);
      Toast.show({ icon: 'success', content: '已保存' });
    },
  });
  const p = prefs.data;
  const usable = (c: NotifyChannel) => !!p && (c === 'email' ? p.emailValid : p.phoneValid);

  return (
    <PhoneFrame title="通知设置">
      {!p ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : (
        <>
          <List header="接收地址">
            <List.Item extra={p.email || '未绑定'}>邮箱</List.Item>
            <List.Item extra={p.phone || '未绑定'}>手机号</List.Item>
            <List.Item>
              <Link to="/mobile/accountSettings">在账号设置中绑定或修改</Link>
            </List.Item>
          </List>
          {!p.channels.length && (
            <List header="通知方式">
              <List.Item>管理员尚未启用站外通知渠道，目前只通过站内消息通知您。</List.Item>
            </List>
          )}
          {p.channels.length > 0 &&
            MESSAGE_KINDS.map((kind) => (
              <List key={kind} header={MESSAGE_KIND_LABELS[kind]}>
                <List.Item extra={<Switch checked disabled aria-label={`${MESSAGE_KIND_LABELS[kind]} 站内消息`} />}>
                  站内消息
                </List.Item>
                {p.channels.map((channel) => (
                  <List.Item
                    key={channel}
                    description={usable(channel) ? undefined : channel === 'email' ? '请先绑定邮箱' : '请先绑定手机号'}
                    extra={
                      <Switch
                        aria-label={`${MESSAGE_KIND_LABELS[kind]} ${NOTIFY_CHANNEL_LABELS[channel]}`}
                        disabled={!usable(channel)}
                        loading={save.isPending && save.variables?.kind === kind && save.variables.channel === channel}
                        checked={
                          usable(channel) && !!p.choices.find((c) => c.kind === kind && c.channel === channel)?.enabled
                        }
                        onChange={(enabled) => save.mutate({ kind, channel, enabled })}
                      />
                    }
                  >
                    {NOTIFY_CHANNEL_LABELS[channel]}
                  </List.Item>
                ))}
              </List>
            ))}
        </>
      )}
    </PhoneFrame>
  );
}
