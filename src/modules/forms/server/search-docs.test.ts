import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { LEAVE_FORM_NAME } from './seed-forms';

const S = '/portal/api/v1.search';
const FORM = '/workflow/api/v1.form';

describe('published forms in the portal search (findSearchForm)', () => {
  let app: TestApp;
  let formId: number;
  beforeAll(async () => {
    app = await buildTestApp();
    formId = Number(
      (await app.db.selectFrom('form').select('id').where('name', '=', LEAVE_FORM_NAME).executeTakeFirstOrThrow()).id,
    );
  });
  afterAll(() => app.close());

  const find = async (q: string, as?: string) => {
    const url = `${S}/findSearchForm/?q=${encodeURIComponent(q)}`;
    const res = as ? await app.injectAs(as, { method: 'GET', url }) : await app.inject({ method: 'GET', url });
    return (res.json() as { data: { list: { refId: number; path: string }[] } }).data.list;
  };

  it('finds the demo leave form by its initials for signed-in users, opened at formWrite', async () => {
    const hits = await find('xsqjsq', 'student');
    expect(hits.map((h) => h.refId)).toContain(formId);
    expect(hits.find((h) => h.refId === formId)!.path).toBe(`/web/eventService/formWrite?formId=${formId}`);
    // a signed-in form is not offered to a visitor
    expect((await find('xsqjsq')).map((h) => h.refId)).not.toContain(formId);
  });

  it('a disabled form leaves the search in the same write, and comes back when enabled', async () => {
    const off = await app.injectAs('admin', { method: 'POST', url: `${FORM}/disable/`, payload: { id: formId } });
    expect(off.json().errorCode).toBe(Codes.ok);
    expect((await find('xsqjsq', 'student')).map((h) => h.refId)).not.toContain(formId);
    await app.injectAs('admin', { method: 'POST', url: `${FORM}/enable/`, payload: { id: formId } });
    expect((await find('xsqjsq', 'student')).map((h) => h.refId)).toContain(formId);
  });
});
