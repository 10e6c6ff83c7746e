import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '@/shared/envelope';
import {
  DataSourceCreateBody,
  DataSourceListQuery,
  DataSourceTestBody,
  DataSourceUpdateBody,
  DatasetCreateBody,
  DatasetDetectBody,
  DatasetListQuery,
  DatasetOptionsQuery,
  DatasetPreviewBody,
  DatasetUpdateBody,
  IdQuery,
  type DataSourceOption,
  type DataSourceKind,
} from '../contract';
import * as repo from './repository';
import * as svc from './service';

const admin = { access: 'admin' as const };

const actorOf = (req: FastifyRequest): svc.Actor & { isAdmin: boolean } => ({
  id: req.auth?.userId ?? null,
  name: req.auth?.realName || req.auth?.username,
  ip: req.ip,
  isAdmin: req.auth?.isAdmin ?? false,
});

const SOURCE = '/data/api/v1.dataSource';
const DATASET = '/data/api/v1.dataset';

/** 数据源管理 (administrators): list, detail, create, update, delete, test, tables. The secret never leaves the server. */
export const dataSourceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(`${SOURCE}/list/`, { schema: { querystring: DataSourceListQuery }, config: admin }, async (req) => {
    const page = await repo.listSources(app.db, req.query);
    return ok({ ...page, list: page.list.map(svc.toSourceItem) });
  });

  app.get(`${SOURCE}/options/`, { config: admin }, async () => {
    const rows = await repo.sourceOptions(app.db);
    return ok(rows.map((r): DataSourceOption => ({ id: r.id, name: r.name, kind: r.kind as DataSourceKind })));
  });

  app.get(`${SOURCE}/detail/`, { schema: { querystring: IdQuery }, config: admin }, async (req) =>
    ok(
      svc.toSourceItem({
        ...(await svc.requireSource(app.db, req.query.id)),
        datasetCount: await repo.countDatasetsOf(app.db, req.query.id),
      }),
    ),
  );

  app.post(`${SOURCE}/create/`, { schema: { body: DataSourceCreateBody }, config: admin }, async (req) =>
    ok(await svc.createSourceAudited(app, req.body, actorOf(req))),
  );

  app.post(`${SOURCE}/update/`, { schema: { body: DataSourceUpdateBody }, config: admin }, async (req) =>
    ok(await svc.updateSource(app, req.body, actorOf(req))),
  );

  app.post(`${SOURCE}/delete/`, { schema: { body: IdQuery }, config: admin }, async (req) => {
    await svc.deleteSource(app, req.body.id, actorOf(req));
    return ok(null);
  });

  app.post(`${SOURCE}/test/`, { schema: { body: DataSourceTestBody }, config: admin }, async (req) =>
    ok(await svc.testSource(app, req.body, actorOf(req))),
  );

  app.get(`${SOURCE}/tables/`, { schema: { querystring: IdQuery }, config: admin }, async (req) =>
    ok(await svc.sourceTables(app, req.query.id)),
  );
};

/** 数据集 (administrators): list, detail, detect fields, create, update, delete, preview, options. */
export const datasetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(`${DATASET}/list/`, { schema: { querystring: DatasetListQuery }, config: admin }, async (req) => {
    const page = await repo.listDatasets(app.db, req.query);
    return ok({ ...page, list: page.list.map(svc.toDatasetItem) });
  });

  app.get(`${DATASET}/options/`, { schema: { querystring: DatasetOptionsQuery }, config: admin }, async (req) =>
    ok(await repo.datasetOptions(app.db, req.query)),
  );

  app.get(`${DATASET}/detail/`, { schema: { querystring: IdQuery }, config: admin }, async (req) =>
    ok(svc.toDatasetItem(await svc.requireDataset(app.db, req.query.id))),
  );

  app.post(`${DATASET}/detect/`, { schema: { body: DatasetDetectBody }, config: admin }, async (req) =>
    ok(await svc.detect(app, req.body.sourceId, req.body)),
  );

  app.post(`${DATASET}/create/`, { schema: { body: DatasetCreateBody }, config: admin }, async (req) =>
    ok(await svc.createDatasetAudited(app, req.body, actorOf(req))),
  );

  app.post(`${DATASET}/update/`, { schema: { body: DatasetUpdateBody }, config: admin }, async (req) =>
    ok(await svc.updateDataset(app, req.body, actorOf(req))),
  );

  app.post(`${DATASET}/delete/`, { schema: { body: IdQuery }, config: admin }, async (req) => {
    await svc.deleteDataset(app, req.body.id, actorOf(req));
    return ok(null);
  });

  app.post(`${DATASET}/preview/`, { schema: { body: DatasetPreviewBody }, config: admin }, async (req) =>
    ok(await svc.preview(app, req.body, actorOf(req))),
  );
};
