import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { AppError } from '@/server/errors';
import { publishedForm } from '../test-support';
import { recordSubmission } from './record-submission';
import { readSubmission } from './read-submission';

describe('recordSubmission (a submission stored for another module, without hooks)', () => {
  let app: TestApp;
  let formId: number;
  let studentId: number;
  beforeAll(async () => {
    app = await buildTestApp();
    formId = await publishedForm(app);
    studentId = (
      await app.db.selectFrom('appUser').select('id').where('username', '=', 'student').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => app.close());

  const record = (values: Record<string, unknown>) =>
    app.db
      .transaction()
      .execute((trx) =>
        recordSubmission(trx, { formId, version: 1, values: values as never, submitterId: studentId, at: Date.now() }),
      );

  it('stores checked values with the submitter', async () => {
    const { id, values } = await record({ name: '张三', kind: 'sick', code: 'A1' });
    expect(values).toMatchObject({ name: '张三', kind: 'sick' });
    const sub = await readSubmission(app.db, id);
    expect(sub).toMatchObject({ formId, submitterId: studentId });
  });

  it('refuses bad values, a taken unique value and a foreign attachment, field by field', async () => {
    const fieldsOf = async (values: Record<string, unknown>) => {
      const e = await record(values).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(AppError);
      return ((e as AppError).data as { fields: { field: string }[] }).fields.map((f) => f.field);
    };
    expect(await fieldsOf({ kind: 'sick' })).toEqual(['name']);
    expect(await fieldsOf({ name: '李四', kind: 'sick', code: 'a1' })).toEqual(['code']);
    expect(
      await fieldsOf({ name: '李四', kind: 'sick', photo: [{ id: 'nope', name: 'x.png', size: 1, url: '' }] }),
    ).toEqual(['photo']);
  });
});
