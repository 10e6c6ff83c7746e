import { postJson, SendFailure, type ChannelSender } from './types';

/**
 * 企业微信 群机器人 (developer.work.weixin.qq.com/document/path/91770): POST the webhook URL
 * (`https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…`, stored sealed: the key is in it) with
 * `{ msgtype: 'text', text: { content, mentioned_mobile_list } }`; success is `errcode: 0`. The
 * recipient is @-mentioned in the group by the mobile number of their account.
 */
export const wecomSender: ChannelSender = {
  async send(n, config) {
    const body = {
      msgtype: 'text',
      text: { content: `${n.subject}\n${n.text}`.slice(0, 2048), mentioned_mobile_list: [n.address] },
    };
    const answer = (await postJson(config.secret, body, config)) as { errcode?: number; errmsg?: string };
    if (answer.errcode !== 0)
      throw new SendFailure(`企业微信拒绝：errcode ${answer.errcode ?? '?'} ${answer.errmsg ?? ''}`.trim());
    return { detail: 'errcode 0' };
  },
};
