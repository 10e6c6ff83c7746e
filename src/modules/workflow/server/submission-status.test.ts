import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import type { MySubmission } from '@/modules/forms/contract';
import { INSTANCE_STATUS_LABELS, instanceLink, type InstanceStatus } from '../contract';
import { FORM_SCHEMA_FORMAT } from '@/shared/forms/schema';
import { submit } from '@/modules/forms/server/testing';
import { expectOk, publishedForm } from './test-support';

const MINE = '/workflow/api/v1.formFill/mine/';

describe('我的提交 with the approval of each submission', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it("answers each of the demo student's requests with where its approval stands and its page", async () => {
    const mine = (await expectOk(await app.injectAs('student', { method: 'GET', url: `${MINE}?pageSize=100` }))) as {
      list: MySubmission[];
    };
    const instances = await app.db
      .selectFrom('wfInstance')
      .select(['id', 'submissionId', 'status', 'currentNodes'])
      .where(
        'submissionId',
        'in',
        mine.list.map((s) => s.id),
      )
      .where('kind', '=', 'normal')
      .orderBy('id')
      .execute();
    const newest = new Map(instances.map((i) => [i.submissionId, i]));
    for (const s of mine.list) {
      const i = newest.get(s.id)!;
      const label = INSTANCE_STATUS_LABELS[i.status as InstanceStatus];
      expect(s.status).toEqual({
        text: i.status === 'running' ? `${label}（${i.currentNodes}）` : label,
        tone:
          { running: 'processing', returned: 'warning', approved: 'success' }[i.status as string] ?? expect.any(String),
        link: instanceLink(i.id),
      });
    }
    // The seed's three requests of the student: waiting for the counsellors, returned, approved.
    expect(mine.list.map((s) => s.status?.text)).toEqual(
      expect.arrayContaining(['审批中（辅导员审批）', '已退回', '已通过']),
    );
  });

  it('answers null for a submission no process follows, and never lists another user’s', async () => {
    const formId = await publishedForm(app, {
      format: FORM_SCHEMA_FORMAT,
      sections: [{ id: 's', title: '', columns: 1, fields: [{ id: 'idea', type: 'text', label: '建议' }] }],
      rules: [],
    });
    const { id } = (await expectOk(await submit(app, 'student', formId, { idea: '图书馆延长开放时间' }))) as {
      id: number;
    };
    const mine = (await expectOk(
      await app.injectAs('student', { method: 'GET', url: `${MINE}?formId=${formId}` }),
    )) as { list: MySubmission[] };
    expect(mine.list.map((s) => [s.id, s.status])).toEqual([[id, null]]);
    const theirs = (await expectOk(
      await app.injectAs('teacher', { method: 'GET', url: `${MINE}?formId=${formId}` }),
    )) as { list: MySubmission[] };
    expect(theirs.list).toEqual([]);
  });
});
