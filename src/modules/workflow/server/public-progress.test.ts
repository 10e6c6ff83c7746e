import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import type { PublicRecord } from '../contract';

describe('public record: the progress a record link shows (mobileFlowChart?token=)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers the chart of a running request to anyone holding its token: nodes, where it waits, tasks, without assignee rules or user ids', async () => {
    const inst = await app.db
      .selectFrom('wfInstance')
      .select(['id', 'recordToken'])
      .where('status', '=', 'running')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await app.inject({ method: 'GET', url: `/workflow/api/v1.record/?token=${inst.recordToken}` });
    expect(res.statusCode).toBe(200);
    const rec = res.json().data as PublicRecord;
    expect(rec.status).toBe('running');
    expect(rec.definition.nodes.length).toBeGreaterThan(1);
    expect(rec.definition.nodes.every((n) => !('assignee' in n) && !('fieldPermissions' in n))).toBe(true);
    expect(rec.currentNodes.length).toBeGreaterThan(0);
    const pending = rec.tasks.filter((t) => t.status === 'pending');
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((t) => rec.currentNodes.includes(t.nodeId) && t.assigneeName)).toBe(true);
    expect(rec.tasks.every((t) => !('assigneeId' in t))).toBe(true);
  });

  it('answers nothing without the right token', async () => {
    const res = await app.inject({ method: 'GET', url: `/workflow/api/v1.record/?token=${'y'.repeat(32)}` });
    expect(res.statusCode).toBe(404);
  });
});
