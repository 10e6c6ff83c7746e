import type { NotifyChannel } from '@/modules/messages/notify-contract';
import { dingtalkSender } from './dingtalk';
import { emailSender } from './email';
import { smsSender } from './sms';
import type { ChannelSender } from './types';
import { wecomSender } from './wecom';

/** The sender of each outside channel. */
export const SENDERS: Record<NotifyChannel, ChannelSender> = {
  email: emailSender,
  sms: smsSender,
  wecom: wecomSender,
  dingtalk: dingtalkSender,
};
