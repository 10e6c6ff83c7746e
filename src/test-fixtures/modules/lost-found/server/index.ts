import type { FastifyPluginAsync } from 'fastify';
import { ok } from '@/shared/envelope';

/** The fixture module's server face: one list, for callers whose menu holds 失物招领. */
export const lostFoundServer: FastifyPluginAsync = async (app) => {
  app.get('/affairs/api/v1.lostFound/list/', { config: { access: { any: ['lostFound'] } } }, async () =>
    ok({ list: [{ id: 1, title: '一卡通（李明轩）', place: '图书馆二楼' }], total: 1, page: 1, pageSize: 20 }),
  );
};
