import http from 'node:http';
import { createHmac } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import type { ChannelList, DeliveryRow, MyPreferences } from '@/modules/messages/notify-contract';
import { NOTIFY_BACKOFF_MS, NOTIFY_MAX_ATTEMPTS } from '@/modules/messages/notify-contract';
import { runFormSubmitted } from '@/server/form-events';
import { formOwners } from '@/modules/forms/server/commands/form-owners';
import { sendMessage } from '../commands/send-message';
import { backoffAfter, deliverDue } from './deliver';
import { dingtalkSign } from './senders/dingtalk';
import { smsSignature } from './senders/sms';

const N = '/message/api/v1.notify';
const PASSWORD = 'Smtp-S3cret!pw';

interface Received {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** A local SMTP sink (smtp-server) that keeps what it receives; `refuse` answers 4xx/5xx to RCPT. */
async function startSink(opts: Partial<SMTPServerOptions> & { refuse?: () => boolean } = {}) {
  const mails: Received[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    logger: false,
    authOptional: false,
    allowInsecureAuth: true,
    onAuth(auth, _s, cb) {
      logins.push(`${auth.username}:${auth.password}`);
      if (auth.username === 'notify' && auth.password === PASSWORD) cb(null, { user: 'notify' });
      else cb(new Error('Invalid username or password'));
    },
    onRcptTo(_a, _s, cb) {
      if (opts.refuse?.()) {
        const e = new Error('Mailbox unavailable, try later') as Error & { responseCode: number };
        e.responseCode = 451;
        cb(e);
      } else cb();
    },
    onData(stream, session, cb) {
      simpleParser(stream)
        .then((m) => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: m.subject ?? '',
            text: m.text ?? '',
            html: typeof m.html === 'string' ? m.html : '',
          });
          cb();
        })
        .catch(cb);
    },
    ...opts,
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port)),
  );
  return { port, mails, logins, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A local HTTP server that records each request and answers with `reply`. */
async function startHttp(reply: (req: { url: string; body: string }) => { status: number; body: unknown }) {
  const requests: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', headers: req.headers, body });
      const r = reply({ url: req.url ?? '', body });
      res.writeHead(r.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(r.body));
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
  return { base: `http://127.0.0.1:${port}`, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('notifications beyond the in-app centre', () => {
  let app: TestApp;
  let admin: string;
  let teacherToken: string;
  let studentToken: string;
  let ids: { teacher: number; student: number };
  const logLines: string[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    // Every log line the app writes from here on: none may carry a secret.
    const orig = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
      logLines.push(String(chunk));
      return orig(chunk, ...rest);
    }) as typeof process.stdout.write;
    admin = await app.tokenFor('admin');
    teacherToken = await app.tokenFor('teacher');
    studentToken = await app.tokenFor('student');
    const idOf = async (username: string) =>
      (await app.db.selectFrom('appUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    ids = { teacher: await idOf('teacher'), student: await idOf('student') };
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
  const saveEmail = (port: number, extra: Record<string, unknown> = {}, secret?: string) =>
    call('POST', `${N}/channel/save/`, admin, {
      channel: 'email',
      enabled: true,
      settings: {
        host: '127.0.0.1',
        port,
        security: 'none',
        allowSelfSigned: false,
        from: '门户通知 <noreply@hxlg.edu.cn>',
        user: 'notify',
        ...extra,
      },
      ...(secret !== undefined ? { secret } : {}),
    });
  const deliveriesOf = (userId: number) =>
    app.db.selectFrom('notifyDelivery').selectAll().where('userId', '=', userId).orderBy('id').execute();

  it('refuses the back-office pages to a user without them', async () => {
    expect((await call('GET', `${N}/channel/list/`, studentToken)).statusCode).toBe(403);
    expect((await call('GET', `${N}/delivery/list/`, teacherToken)).statusCode).toBe(403);
  });

  it('sends a task e-mail over SMTP with STARTTLS and AUTH, rendered from the saved template', async () => {
    const sink = await startSink();
    try {
      const saved = await saveEmail(sink.port, { security: 'starttls', allowSelfSigned: true }, PASSWORD);
      expect(saved.json().errorCode).toBe(Codes.ok);
      expect(saved.body).not.toContain(PASSWORD);
      expect(saved.json().data).toMatchObject({ channel: 'email', enabled: true, keyStored: true });
      const listed = await call('GET', `${N}/channel/list/`, admin);
      expect(listed.body).not.toContain(PASSWORD);
      const sealed = await app.db
        .selectFrom('notifyChannel')
        .select('secretEnc')
        .where('channel', '=', 'email')
        .executeTakeFirstOrThrow();
      expect(sealed.secretEnc).toMatch(/^v1:/);
      expect(sealed.secretEnc).not.toContain(PASSWORD);

      const t = await call('POST', `${N}/template/save/`, admin, {
        kind: 'task',
        subject: '待办提醒：{{title}}',
        body: '{{recipient}}老师：\n{{applicant}} 提交了 <申请>，请办理：{{link}}',
      });
      expect(t.json().errorCode).toBe(Codes.ok);

      // The business change and its message commit together; nothing is sent before the job runs.
      await app.db.transaction().execute(async (trx) => {
        await sendMessage(trx, {
          userIds: [ids.teacher],
          kind: 'task',
          title: '请审批：李明轩的请假申请',
          link: '/web/taskCenter/taskApproval?id=42',
          vars: { applicant: '李明轩' },
        });
      });
      const [queued] = await deliveriesOf(ids.teacher);
      expect(queued).toMatchObject({ channel: 'email', address: 'wangjianguo@hxlg.edu.cn', status: 'pending' });
      expect(sink.mails).toHaveLength(0);

      expect(await deliverDue(app)).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(sink.mails).toHaveLength(1);
      const mail = sink.mails[0]!;
      expect(mail.to).toEqual(['wangjianguo@hxlg.edu.cn']);
      expect(mail.from).toBe('noreply@hxlg.edu.cn');
      expect(mail.subject).toBe('待办提醒：请审批：李明轩的请假申请');
      expect(mail.text).toContain('王建国老师：');
      expect(mail.text).toContain('李明轩 提交了 <申请>');
      expect(mail.text).toMatch(/http:\/\/[^\s]+\/web\/taskCenter\/taskApproval\?id=42/);
      // The HTML part escapes the template's own '<' and links the link.
      expect(mail.html).toContain('&lt;申请&gt;');
      expect(mail.html).toMatch(/<a href="http:\/\/[^"]+\/web\/taskCenter\/taskApproval\?id=42">/);
      expect(sink.logins).toEqual([`notify:${PASSWORD}`]);
      const [sent] = await deliveriesOf(ids.teacher);
      expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      const tries = await app.db.selectFrom('notifyAttempt').selectAll().where('deliveryId', '=', sent!.id).execute();
      expect(tries.map((a) => a.ok)).toEqual([1]);

      // 发送测试 goes to the typed address; a wrong format is refused with a code.
      const test = await call('POST', `${N}/channel/test/`, admin, {
        channel: 'email',
        address: 'tester@example.edu.cn',
      });
      expect(test.json().data).toMatchObject({ ok: true });
      expect(sink.mails.at(-1)!.to).toEqual(['tester@example.edu.cn']);
      expect(sink.mails.at(-1)!.subject).toContain('电子邮件渠道测试');
      const badAddr = await call('POST', `${N}/channel/test/`, admin, { channel: 'email', address: 'not-an-address' });
      expect(badAddr.json().errorCode).toBe(Codes.notifyBadAddress);

      // A wrong password: the failure is shown, the password is not.
      await saveEmail(sink.port, { security: 'starttls', allowSelfSigned: true }, 'wrong-password-123');
      const refused = await call('POST', `${N}/channel/test/`, admin, {
        channel: 'email',
        address: 'tester@example.edu.cn',
      });
      expect(refused.json().data.ok).toBe(false);
      expect(refused.json().data.detail).toMatch(/535|EAUTH/);
      expect(refused.body).not.toContain('wrong-password-123');
    } finally {
      await sink.close();
      await app.db.deleteFrom('notifyDelivery').execute();
    }
  });

  it('retries a refused delivery with doubling waits, then sends it', async () => {
    let refusals = 2;
    const sink = await startSink({ refuse: () => refusals-- > 0 });
    try {
      await saveEmail(sink.port, {}, PASSWORD);
      await sendMessage(app.db, { userIds: [ids.teacher], kind: 'result', title: '您的申请已通过' });
      const t0 = Date.now();
      expect(await deliverDue(app, t0)).toEqual({ sent: 0, retrying: 1, failed: 0 });
      let [d] = await deliveriesOf(ids.teacher);
      expect(d).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: t0 + NOTIFY_BACKOFF_MS });
      expect(d!.lastError).toMatch(/451/);
      // Not yet due: nothing is tried.
      expect(await deliverDue(app, t0 + NOTIFY_BACKOFF_MS - 1)).toEqual({ sent: 0, retrying: 0, failed: 0 });
      const t1 = t0 + NOTIFY_BACKOFF_MS;
      expect(await deliverDue(app, t1)).toEqual({ sent: 0, retrying: 1, failed: 0 });
      [d] = await deliveriesOf(ids.teacher);
      expect(d).toMatchObject({ attempts: 2, nextAttemptAt: t1 + 2 * NOTIFY_BACKOFF_MS });
      expect(await deliverDue(app, t1 + 2 * NOTIFY_BACKOFF_MS)).toEqual({ sent: 1, retrying: 0, failed: 0 });
      [d] = await deliveriesOf(ids.teacher);
      expect(d).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
      expect(sink.mails).toHaveLength(1);
      const tries = await app.db
        .selectFrom('notifyAttempt')
        .select('ok')
        .where('deliveryId', '=', d!.id)
        .orderBy('id')
        .execute();
      expect(tries.map((a) => a.ok)).toEqual([0, 0, 1]);
    } finally {
      await sink.close();
      await app.db.deleteFrom('notifyDelivery').execute();
    }
  });

  it('gives up after the last try; 重发 queues a failed one again; the business change commits anyway', async () => {
    const sink = await startSink({ refuse: () => true });
    try {
      await saveEmail(sink.port, {}, PASSWORD);
      // A failing channel never rolls back the change that sent the message.
      await app.db.transaction().execute(async (trx) => {
        await sendMessage(trx, { userIds: [ids.teacher], kind: 'task', title: '请审批：一项失败渠道的待办' });
      });
      expect(
        await app.db
          .selectFrom('message')
          .select('id')
          .where('title', '=', '请审批：一项失败渠道的待办')
          .executeTakeFirst(),
      ).toBeDefined();
      let now = Date.now();
      for (let i = 1; i <= NOTIFY_MAX_ATTEMPTS; i++) {
        const s = await deliverDue(app, now);
        expect(s).toEqual(
          i < NOTIFY_MAX_ATTEMPTS ? { sent: 0, retrying: 1, failed: 0 } : { sent: 0, retrying: 0, failed: 1 },
        );
        now += backoffAfter(i);
      }
      const [d] = await deliveriesOf(ids.teacher);
      expect(d).toMatchObject({ status: 'failed', attempts: NOTIFY_MAX_ATTEMPTS });
      expect(await deliverDue(app, now + 10 * NOTIFY_BACKOFF_MS)).toEqual({ sent: 0, retrying: 0, failed: 0 });

      const page = (await call('GET', `${N}/delivery/list/?channel=email&status=failed`, admin)).json().data as {
        list: DeliveryRow[];
        total: number;
      };
      expect(page.total).toBe(1);
      expect(page.list[0]).toMatchObject({
        id: d!.id,
        address: 'wa***@hxlg.edu.cn',
        recipient: '王建国',
        status: 'failed',
      });
      expect((await call('POST', `${N}/delivery/retry/`, admin, { id: d!.id })).json().errorCode).toBe(Codes.ok);
      expect((await deliveriesOf(ids.teacher))[0]).toMatchObject({ status: 'pending', attempts: 0 });
      const again = await call('POST', `${N}/delivery/retry/`, admin, { id: d!.id });
      expect(again.statusCode).toBe(409);
      expect(again.json().errorCode).toBe(Codes.notifyNotRetryable);
    } finally {
      await sink.close();
      await app.db.deleteFrom('notifyDelivery').execute();
    }
  });

  it('respects preferences: defaults, a notice turned on, then off; a channel without an address is refused', async () => {
    await saveEmail(2525, {}, PASSWORD);
    const before = (await call('GET', `${N}/preferences/`, studentToken)).json().data as MyPreferences;
    expect(before).toMatchObject({ email: '20230101101@stu.hxlg.edu.cn', emailValid: true, channels: ['email'] });
    const choice = (kind: string, channel = 'email') =>
      before.choices.find((c) => c.kind === kind && c.channel === channel)?.enabled;
    expect([choice('task'), choice('result'), choice('notice'), choice('urge')]).toEqual([true, true, false, false]);

    // Default: no e-mail for a notice.
    await sendMessage(app.db, { userIds: [ids.student], kind: 'notice', title: '关于元旦放假的通知' });
    expect(await deliveriesOf(ids.student)).toHaveLength(0);

    await call('POST', `${N}/preferences/`, studentToken, {
      choices: [{ kind: 'notice', channel: 'email', enabled: true }],
    });
    await sendMessage(app.db, { userIds: [ids.student], kind: 'notice', title: '关于元旦放假的通知' });
    expect(await deliveriesOf(ids.student)).toHaveLength(1);

    const off = await call('POST', `${N}/preferences/`, studentToken, {
      choices: [
        { kind: 'notice', channel: 'email', enabled: false },
        { kind: 'task', channel: 'email', enabled: false },
      ],
    });
    expect(off.json().errorCode).toBe(Codes.ok);
    await sendMessage(app.db, { userIds: [ids.student], kind: 'notice', title: '又一条通知' });
    await sendMessage(app.db, { userIds: [ids.student], kind: 'task', title: '一项待办' });
    await sendMessage(app.db, { userIds: [ids.student], kind: 'result', title: '一项结果' });
    expect((await deliveriesOf(ids.student)).map((d) => d.title)).toEqual(['关于元旦放假的通知', '一项结果']);

    // SMS needs a valid mobile on the account; a user without an e-mail gets no default e-mail.
    const sms = await call('POST', `${N}/preferences/`, studentToken, {
      choices: [{ kind: 'task', channel: 'sms', enabled: true }],
    });
    await app.db.updateTable('appUser').set({ phone: null }).where('id', '=', ids.student).execute();
    const sms2 = await call('POST', `${N}/preferences/`, studentToken, {
      choices: [{ kind: 'task', channel: 'sms', enabled: true }],
    });
    expect([sms.statusCode, sms2.statusCode]).toContain(400);
    expect(sms2.json().errorCode).toBe(Codes.notifyBadAddress);
    const noMail = await createTestUser(app, { username: 'notify_nomail', password: 'NoMail@2026x' });
    await sendMessage(app.db, { userIds: [noMail], kind: 'task', title: '一项待办' });
    expect(await deliveriesOf(noMail)).toHaveLength(0);
    await app.db.deleteFrom('notifyDelivery').execute();
  });

  it('refuses a template with a variable its kind does not offer, listing each', async () => {
    const res = await call('POST', `${N}/template/save/`, admin, {
      kind: 'result',
      subject: '{{title}} {{formName}}',
      body: '{{applicant}} 的申请 {{ link }}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe(Codes.notifyTemplateVariable);
    expect(res.json().data).toEqual({ missing: ['formName', 'applicant'] });
    expect(res.json().message).toContain('{{formName}}');
    const ok = await call('POST', `${N}/template/save/`, admin, {
      kind: 'notice',
      subject: '{{formName}}',
      body: '{{applicant}}',
    });
    expect(ok.json().errorCode).toBe(Codes.ok);
  });

  it('posts 企业微信 and 钉钉 robot messages and signed SMS gateway calls in their documented shapes', async () => {
    let fail = false;
    const hub = await startHttp(({ url }) =>
      fail
        ? { status: 500, body: { error: `internal error at ${url}` } }
        : url.startsWith('/sms')
          ? { status: 200, body: { code: 0, msgId: 'm-1' } }
          : { status: 200, body: { errcode: 0, errmsg: 'ok' } },
    );
    try {
      await app.db.updateTable('appUser').set({ phone: '13800138000' }).where('id', '=', ids.teacher).execute();
      const wecomUrl = `${hub.base}/cgi-bin/webhook/send?key=wecom-key-693a91f5`;
      const dingUrl = `${hub.base}/robot/send?access_token=ding-token-4410`;
      const dingSecret = 'SECding-sign-secret-88c1';
      const smsSecret = 'sms-app-secret-5f2e';
      for (const body of [
        { channel: 'wecom', enabled: true, settings: {}, secret: wecomUrl },
        { channel: 'dingtalk', enabled: true, settings: {}, secret: dingUrl, secret2: dingSecret },
        {
          channel: 'sms',
          enabled: true,
          settings: { url: `${hub.base}/sms/send`, appKey: 'campus', signName: '华夏理工', templateCode: 'T100' },
          secret: smsSecret,
        },
      ]) {
        const r = await call('POST', `${N}/channel/save/`, admin, body);
        expect(r.json().errorCode).toBe(Codes.ok);
        expect(r.body).not.toContain('wecom-key');
        expect(r.body).not.toContain('ding-token');
        expect(r.body).not.toContain(smsSecret);
      }
      const listed = (await call('GET', `${N}/channel/list/`, admin)).json().data as ChannelList;
      expect(listed.list.find((c) => c.channel === 'wecom')).toMatchObject({ keyStored: true, webhookHost: hub.base });
      expect(JSON.stringify(listed)).not.toMatch(/wecom-key|ding-token|SECding|sms-app-secret/);

      await call('POST', `${N}/preferences/`, teacherToken, {
        choices: ['sms', 'wecom', 'dingtalk'].map((channel) => ({ kind: 'urge', channel, enabled: true })),
      });
      await sendMessage(app.db, { userIds: [ids.teacher], kind: 'urge', title: '请尽快审批', body: '已超时 2 小时' });
      const before = Date.now();
      expect(await deliverDue(app)).toMatchObject({ sent: 3 });
      const after = Date.now();

      const wecom = hub.requests.find((r) => r.url.startsWith('/cgi-bin'))!;
      expect(wecom.url).toBe('/cgi-bin/webhook/send?key=wecom-key-693a91f5');
      expect(JSON.parse(wecom.body)).toEqual({
        msgtype: 'text',
        text: { content: expect.stringContaining('请尽快审批'), mentioned_mobile_list: ['13800138000'] },
      });

      const ding = hub.requests.find((r) => r.url.startsWith('/robot'))!;
      const q = new URL(ding.url, hub.base).searchParams;
      expect(q.get('access_token')).toBe('ding-token-4410');
      const ts = Number(q.get('timestamp'));
      expect(ts).toBeGreaterThanOrEqual(before);
      expect(ts).toBeLessThanOrEqual(after);
      const expected = createHmac('sha256', dingSecret).update(`${ts}\n${dingSecret}`).digest('base64');
      expect(q.get('sign')).toBe(expected);
      expect(dingtalkSign(ts, dingSecret)).toBe(expected);
      expect(JSON.parse(ding.body)).toMatchObject({ msgtype: 'text', at: { atMobiles: ['13800138000'] } });

      const sms = hub.requests.find((r) => r.url.startsWith('/sms'))!;
      const payload = JSON.parse(sms.body) as {
        appKey: string;
        mobile: string;
        timestamp: number;
        nonce: string;
        templateCode: string;
      };
      expect(payload).toMatchObject({
        appKey: 'campus',
        mobile: '13800138000',
        templateCode: 'T100',
        signName: '华夏理工',
      });
      expect(sms.headers['x-signature']).toBe(
        smsSignature(smsSecret, 'campus', payload.timestamp, payload.nonce, sms.body),
      );
      expect(sms.headers['x-signature']).toBe(
        createHmac('sha256', smsSecret)
          .update(`campus\n${payload.timestamp}\n${payload.nonce}\n${sms.body}`)
          .digest('hex'),
      );

      // A provider that fails and echoes the URL: the error kept and answered has no key in it.
      fail = true;
      await sendMessage(app.db, { userIds: [ids.teacher], kind: 'urge', title: '再次催办' });
      await deliverDue(app);
      const errors = (await deliveriesOf(ids.teacher))
        .filter((d) => d.status === 'pending')
        .map((d) => d.lastError ?? '');
      expect(errors).toHaveLength(3);
      for (const e of errors) {
        expect(e).toMatch(/HTTP 500/);
        expect(e).not.toMatch(/wecom-key|ding-token|SECding|sms-app-secret/);
      }
      const test = await call('POST', `${N}/channel/test/`, admin, { channel: 'wecom', address: '13800138000' });
      expect(test.json().data.ok).toBe(false);
      expect(test.body).not.toContain('wecom-key');
      const log = (await call('GET', `${N}/delivery/list/?pageSize=50`, admin)).body;
      expect(log).not.toMatch(/wecom-key|ding-token|SECding|sms-app-secret|13800138000/);
      expect(logLines.join('')).not.toMatch(/wecom-key|ding-token|SECding|sms-app-secret|Smtp-S3cret/);
    } finally {
      await hub.close();
    }
  });

  it('tells a form’s owners of a new submission, with a link to its summary, in the submission’s transaction', async () => {
    // A stored submission of a form no process is bound to (the workflow's hook would start one).
    const sub = await app.db
      .selectFrom('formSubmission')
      .select(['id', 'formId', 'version'])
      .where('formId', 'not in', (eb) => eb.selectFrom('wfProcess').select('formId'))
      .orderBy('id')
      .executeTakeFirst();
    expect(sub, 'the small seed has such a submission').toBeDefined();
    const form = { id: sub!.formId, latestVersion: sub!.version };
    const owners = (await formOwners(app.db, form!.id))!;
    // Give the form a manager who is not the submitter, so someone is told.
    await app.db.deleteFrom('formManager').where('formId', '=', form!.id).execute();
    await app.db.insertInto('formManager').values({ formId: form!.id, userId: ids.teacher }).execute();
    expect((await formOwners(app.db, form!.id))!.userIds).toEqual([ids.teacher]);
    await app.db.transaction().execute(async (trx) => {
      await runFormSubmitted(trx, {
        formId: form!.id,
        version: form!.latestVersion ?? 1,
        submissionId: sub!.id,
        submitterId: ids.student,
        at: Date.now(),
      });
    });
    const msg = await app.db
      .selectFrom('message')
      .selectAll()
      .where('userId', '=', ids.teacher)
      .where('link', '=', `/web/taskCenter/formSummary?formId=${form!.id}`)
      .executeTakeFirstOrThrow();
    expect(msg).toMatchObject({ kind: 'notice', title: `${owners.name}：收到李明轩的新提交` });
    // The submitter managing their own form is not told of their own submission.
    await app.db.updateTable('formManager').set({ userId: ids.student }).where('formId', '=', form!.id).execute();
    const before = await app.db.selectFrom('message').select('id').where('userId', '=', ids.student).execute();
    await app.db.transaction().execute((trx) =>
      runFormSubmitted(trx, {
        formId: form!.id,
        version: 1,
        submissionId: sub!.id,
        submitterId: ids.student,
        at: Date.now(),
      }),
    );
    expect(await app.db.selectFrom('message').select('id').where('userId', '=', ids.student).execute()).toHaveLength(
      before.length,
    );
  });
});
