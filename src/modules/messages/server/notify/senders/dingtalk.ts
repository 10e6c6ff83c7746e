import { createHmac } from 'node:crypto';
import {
  postJson,
  SendFailure,
  type ChannelConfig,
  type ChannelSender,
  type OutgoingNotification,
  type SendResult,
} from './types';

/**
 * The 加签 of a 钉钉 自定义机器人 (open.dingtalk.com/document/robots/customize-robot-security-settings):
 * base64(HMAC-SHA256(secret, `${timestamp}\n${secret}`)), URL-encoded into `&sign=`.
 */
export function dingtalkSign(timestamp: number, secret: string): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${secret}`, 'utf8').digest('base64');
}

/**
 * 钉钉 自定义机器人: POST the webhook URL (`https://oapi.dingtalk.com/robot/send?access_token=…`,
 * sealed) plus `&timestamp=…&sign=…` when a 加签 secret is set, body
 * `{ msgtype: 'text', text: { content }, at: { atMobiles } }`; success is `errcode: 0`.
 */
export async function sendDingtalk(
  n: OutgoingNotification,
  config: ChannelConfig,
  now = Date.now(),
): Promise<SendResult> {
  let url = config.secret;
  if (config.secret2) {
    const sign = encodeURIComponent(dingtalkSign(now, config.secret2));
    url += `${url.includes('?') ? '&' : '?'}timestamp=${now}&sign=${sign}`;
  }
  const body = {
    msgtype: 'text',
    text: { content: `${n.subject}\n${n.text}`.slice(0, 2048) },
    at: { atMobiles: [n.address] },
  };
  const answer = (await postJson(url, body, config)) as { errcode?: number; errmsg?: string };
  if (answer.errcode !== 0)
    throw new SendFailure(`钉钉拒绝：errcode ${answer.errcode ?? '?'} ${answer.errmsg ?? ''}`.trim());
  return { detail: 'errcode 0' };
}

export const dingtalkSender: ChannelSender = { send: (n, config) => sendDingtalk(n, config) };
