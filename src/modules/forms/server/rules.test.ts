import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { todayInChina } from '@/shared/forms/formula';
import { COMPUTED_FORM_NAME } from './seed-access-form';
import { expectOk, fieldErrorsOf, submit } from './test-support';

/** Days after today (China time) as 'YYYY-MM-DD'. */
const day = (n: number) => {
  const t = Date.parse(`${todayInChina()}T00:00:00Z`) + n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
};

describe('rules and formulas on the server (issue 24 item 5): the demo 学生外出登记', () => {
  let app: TestApp;
  let formId: number;
  beforeAll(async () => {
    app = await buildTestApp();
    formId = (
      await app.db.selectFrom('form').select('id').where('name', '=', COMPUTED_FORM_NAME).executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await app.close();
  });
  const base = { name: '李明轩', phone: '13800138000', where: '家' };

  it('recomputes 请假天数 and stores the server’s value, not the tampered one the client sent', async () => {
    const { id } = (await expectOk(
      await submit(app, 'student', formId, { ...base, start: day(1), end: day(3), days: 99 }),
    )) as { id: number };
    const row = await app.db
      .selectFrom('formSubmission')
      .select('values')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect((JSON.parse(row.values) as { days: number }).days).toBe(3);
  });

  it('refuses end before start, a past date, too long a trip and a bad mobile number, naming each field', async () => {
    const res = await submit(app, 'student', formId, { ...base, phone: '12345', start: day(-2), end: day(-3) });
    expect(res.json().errorCode).toBe(Codes.inputError);
    const fields = Object.fromEntries(fieldErrorsOf(res).map((e) => [e.field, e.message]));
    expect(fields.end).toBe('返校日期不能早于离校日期');
    expect(fields.start).toBe('离校日期不能早于今天');
    expect(fields.phone).toContain('手机号');
    const long = fieldErrorsOf(await submit(app, 'student', formId, { ...base, start: day(1), end: day(40) }));
    expect(long).toEqual([{ field: 'end', message: '外出不能超过 30 天' }]);
    const stored = await app.db.selectFrom('formSubmission').select('id').where('formId', '=', formId).execute();
    expect(stored).toHaveLength(1);
  });
});
