import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { FORM_SCHEMA_FORMAT } from '@/shared/forms/schema';
import { insertPublishedForm } from './publish-form';
import { readForm, readFormVersionSchema } from './read-form';

describe('insertPublishedForm (a published form for another module’s seed)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ seed: 'none' });
  });
  afterAll(async () => app.close());

  const schema = {
    format: FORM_SCHEMA_FORMAT,
    sections: [{ id: 's', title: '', columns: 1, fields: [{ id: 'city', type: 'text', label: '城市' }] }],
    rules: [],
  } as const;

  it('creates and publishes version 1', async () => {
    const { id, version } = await app.db
      .transaction()
      .execute((tx) =>
        insertPublishedForm(
          tx,
          { name: '种子表单', category: '测试', description: '', schema: schema as never, managerIds: [] },
          { id: 1, name: '系统' },
          Date.now(),
        ),
      );
    expect(version).toBe(1);
    expect(await readForm(app.db, id)).toMatchObject({ status: 'published', latestVersion: 1 });
    expect((await readFormVersionSchema(app.db, id, 1))?.sections[0]?.fields[0]?.id).toBe('city');
  });

  it('refuses a schema the checker refuses', async () => {
    const bad = { ...schema, sections: [{ ...schema.sections[0], fields: [{ id: 'x', type: 'text', label: '' }] }] };
    await expect(
      app.db
        .transaction()
        .execute((tx) =>
          insertPublishedForm(
            tx,
            { name: '坏表单', category: '', description: '', schema: bad as never, managerIds: [] },
            { id: 1, name: '系统' },
            Date.now(),
          ),
        ),
    ).rejects.toThrow('is invalid');
  });
});
