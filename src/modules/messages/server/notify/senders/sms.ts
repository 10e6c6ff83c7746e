import { createHmac, randomBytes } from 'node:crypto';
import type { SmsSettings } from '@/modules/messages/notify-contract';
import { postJson, SendFailure, type ChannelSender } from './types';

/**
 * The signature of the SMS gateway call: hex HMAC-SHA256 with the app secret over
 * `${appKey}\n${timestamp}\n${nonce}\n${body}` (the body exactly as sent).
 */
export function smsSignature(secret: string, appKey: string, timestamp: number, nonce: string, body: string): string {
  return createHmac('sha256', secret).update(`${appKey}\n${timestamp}\n${nonce}\n${body}`, 'utf8').digest('hex');
}

/**
 * SMS through a generic HTTP gateway — the signed-JSON shape most Chinese SMS aggregators and
 * campus SMS platforms share (not one vendor's SDK): POST `url` with
 * `{ appKey, mobile, signName, templateCode, params: { subject, content }, timestamp, nonce }` and
 * headers `X-App-Key`, `X-Timestamp`, `X-Nonce`, `X-Signature` (smsSignature); success is
 * `{ code: 0 | '0' | 'OK' }`, anything else a refusal whose `message` is kept.
 */
export const smsSender: ChannelSender = {
  async send(n, config) {
    const s = config.settings as SmsSettings;
    const timestamp = Date.now();
    const nonce = randomBytes(8).toString('hex');
    const payload = {
      appKey: s.appKey,
      mobile: n.address,
      signName: s.signName,
      templateCode: s.templateCode,
      params: { subject: n.subject.slice(0, 100), content: n.text.slice(0, 300) },
      timestamp,
      nonce,
    };
    const body = JSON.stringify(payload);
    const answer = (await postJson(s.url, payload, config, {
      'X-App-Key': s.appKey,
      'X-Timestamp': String(timestamp),
      'X-Nonce': nonce,
      'X-Signature': smsSignature(config.secret, s.appKey, timestamp, nonce, body),
    })) as { code?: unknown; message?: string; msgId?: string };
    if (answer.code !== 0 && answer.code !== '0' && answer.code !== 'OK')
      throw new SendFailure(`短信网关拒绝：${String(answer.code)} ${answer.message ?? ''}`.trim());
    return { detail: answer.msgId ? `msgId ${answer.msgId}` : 'code 0' };
  },
};
