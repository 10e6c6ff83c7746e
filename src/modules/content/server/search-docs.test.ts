import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { countSearchDocs, searchDocs } from '@/modules/portal-search/server/commands/search-index';
import { json } from './test-support';

const N = '/portal/api/v1.notice';

describe('notices, news and help articles in the portal search', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const find = (text: string) =>
    searchDocs(app.db, { text, kinds: ['notice', 'news', 'help'], audience: ['public'], page: 1, pageSize: 20 });

  it('the demo seed indexes the published notices, news and help articles', async () => {
    expect(await countSearchDocs(app.db, 'notice')).toBeGreaterThan(0);
    expect(await countSearchDocs(app.db, 'news')).toBeGreaterThan(0);
    expect(await countSearchDocs(app.db, 'help')).toBeGreaterThan(0);
  });

  it('a notice is found once published and gone once withdrawn, in the same write', async () => {
    const created = await app.injectAs('admin', {
      method: 'POST',
      url: `${N}/create/`,
      ...json({ kind: 'notice', title: '关于校园卡补办地点调整的通知', content: '<p>补办窗口迁至一站式服务大厅</p>' }),
    });
    const id = created.json().data.id as number;
    expect((await find('校园卡补办')).total).toBe(0);
    const pub = await app.injectAs('admin', { method: 'POST', url: `${N}/publish/`, payload: { id } });
    expect(pub.json().errorCode).toBe(Codes.ok);
    const hit = (await find('xykbb')).list.find((h) => h.refId === id);
    expect(hit).toMatchObject({ kind: 'notice', path: `/home/notice/${id}` });
    expect((await find('一站式服务大厅')).list.map((h) => h.refId)).toContain(id);
    await app.injectAs('admin', { method: 'POST', url: `${N}/withdraw/`, payload: { id } });
    expect((await find('校园卡补办')).total).toBe(0);
  });
});
