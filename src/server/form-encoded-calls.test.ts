import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { encodeFormBody } from '@/core/http/form-encode';
import { Codes } from '@/shared/errors';

/**
 * The ordinary calls the client sends form-urlencoded (spec section 7's request layer; DESIGN §4
 * keeps JSON for documents, values and id lists): each answers a form body exactly as it answers
 * the same payload in JSON — ids, numbers, booleans and optional texts arrive typed either way.
 */
const NONE = 999999;
const CALLS: Array<[who: string, url: string, payload: Record<string, unknown>]> = [
  ['admin', '/workflow/api/v1.process/publish/', { id: NONE }],
  ['admin', '/workflow/api/v1.process/disable/', { id: NONE }],
  ['admin', '/workflow/api/v1.process/enable/', { id: NONE }],
  ['teacher', '/workflow/api/v1.task/reject/', { taskId: NONE, comment: '材料不全', to: 'start' }],
  ['teacher', '/workflow/api/v1.task/transfer/', { taskId: NONE, userId: 1, comment: '请代为审批' }],
  ['student', '/workflow/api/v1.instance/start/', { submissionId: NONE }],
  ['student', '/workflow/api/v1.instance/withdraw/', { instanceId: NONE }],
  ['student', '/workflow/api/v1.instance/urge/', { instanceId: NONE }],
  ['admin', '/workflow/api/v1.monitor/reassign/', { taskId: NONE, userId: 1, comment: '调整' }],
  ['admin', '/workflow/api/v1.monitor/terminate/', { instanceId: NONE, reason: '重复提交' }],
  [
    'admin',
    '/workflow/api/v1.delegation/create/',
    { fromUserId: 2, toUserId: 2, startsAt: 1, endsAt: 2, enabled: false },
  ],
  [
    'admin',
    '/workflow/api/v1.delegation/update/',
    { id: NONE, fromUserId: 2, toUserId: 3, startsAt: 1, endsAt: 9, note: '出差', enabled: true },
  ],
  ['admin', '/workflow/api/v1.delegation/delete/', { id: NONE }],
  ['admin', '/data/api/v1.sync/enable/', { id: NONE, enabled: true }],
  ['student', '/message/api/v1.message/read_message/', { id: NONE }],
  ['admin', '/data/api/v1.dataTable/delete/', { id: NONE }],
  ['admin', '/data/api/v1.dataRows/delete/', { id: NONE, rowId: 1, version: 1 }],
  ['admin', '/data/api/v1.dataRows/restore/', { id: NONE, changeId: 1 }],
  ['teacher', '/data/api/v1.dataReporting/report/', { id: NONE }],
  ['admin', '/portal/api/v1.mobileLayout/reset/', { platformId: NONE }],
  ['admin', '/data/api/v1.dataSource/delete/', { id: NONE }],
  ['admin', '/data/api/v1.dataset/delete/', { id: NONE }],
  ['teacher', '/data/api/v1.acquisition/publish/', { id: NONE }],
  ['teacher', '/data/api/v1.acquisition/close/', { id: NONE }],
  ['teacher', '/data/api/v1.acquisition/delete/', { id: NONE }],
  ['teacher', '/data/api/v1.fillApprove/approve/', { recordId: NONE, comment: '通过' }],
  ['teacher', '/data/api/v1.fillApprove/reject/', { recordId: NONE, comment: '请补充', action: 'return' }],
  ['admin', '/user/api/v1.department/delete/', { id: NONE }],
  ['admin', '/user/api/v1.roleGroup/update/', { id: NONE, name: '不存在的组', sort: 3 }],
  ['admin', '/user/api/v1.roleGroup/delete/', { id: NONE }],
  ['admin', '/user/api/v1.role/create/', { groupId: NONE, code: 'nobody', name: '无组角色', sort: 1 }],
  ['admin', '/user/api/v1.role/update/', { id: NONE, groupId: NONE, code: 'nobody', name: '无', sort: 1 }],
  ['admin', '/user/api/v1.role/delete/', { id: NONE }],
];

describe('ordinary calls answer a form-urlencoded body as they answer JSON', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const send = async (who: string, url: string, payload: Record<string, unknown>, form: boolean) => {
    const res = await app.injectAs(who, {
      method: 'POST',
      url,
      ...(form
        ? {
            headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
            payload: encodeFormBody(payload),
          }
        : { payload }),
    });
    const body = res.json() as { errorCode: string; message: string };
    return { status: res.statusCode, errorCode: body.errorCode, message: body.message };
  };

  it.each(CALLS)('%s POST %s', async (who, url, payload) => {
    const json = await send(who, url, payload, false);
    const form = await send(who, url, payload, true);
    expect(form).toEqual(json);
    // Never a schema refusal: the payload is well formed, whatever the business answer.
    expect(json.status).not.toBe(415);
    if (json.errorCode === Codes.inputError) expect(json.message).not.toMatch(/must|should|body/);
  });

  it('parses numbers and booleans from a form body (a delegation to oneself is the service refusing, not the schema)', async () => {
    const r = await send('admin', '/workflow/api/v1.delegation/create/', CALLS[10]![2], true);
    expect(r.message).toBe('委托人与受托人不能是同一人');
    expect((await send('student', '/message/api/v1.message/read_message/', { all: true }, true)).errorCode).toBe(
      Codes.ok,
    );
  });
});
