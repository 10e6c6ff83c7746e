import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ok } from '@/shared/envelope';
import {
  AdminQuestionQuery,
  AskBody,
  AskedConvertBody,
  AskedHandleBody,
  AskedListQuery,
  CategorySaveBody,
  FaqSearchQuery,
  IdBody,
  IdQuery,
  QuestionListQuery,
  QuestionSaveBody,
  TopQuestionsQuery,
  VoteBody,
} from '../contract';
import { notFound } from '@/server/errors';
import * as repo from './repository';
import * as svc from './service';

const A = '/portal/api/v1.assistant';
const ADMIN = '/portal/api/v1.assistantAdmin';

const actorOf = (req: FastifyRequest): svc.Actor => ({
  userId: req.auth!.userId,
  username: req.auth!.username,
  ip: req.ip,
});

/** The assistant for everybody (visitors too): categories, questions, search, ask, vote, topQuestions. */
export const assistantRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const open = { access: 'public' as const };

  app.get(`${A}/categories/`, { config: open }, async () => ok(await repo.publicCategories(app.db)));

  app.get(`${A}/questions/`, { schema: { querystring: QuestionListQuery }, config: open }, async (req) =>
    ok(await repo.publicQuestions(app.db, req.query)),
  );

  app.get(`${A}/detail/`, { schema: { querystring: IdQuery }, config: open }, async (req) =>
    ok(await svc.questionDetail(app, req.auth ?? null, req.query.id)),
  );

  // Spec section 7: topQuestions (the home's 热门问题).
  app.get(`${A}/topQuestions/`, { schema: { querystring: TopQuestionsQuery }, config: open }, async (req) =>
    ok(await repo.topQuestions(app.db, req.query.limit)),
  );

  app.get(`${A}/search/`, { schema: { querystring: FaqSearchQuery }, config: open }, async (req) =>
    ok(await svc.searchQuestions(app, req.query)),
  );

  app.post(`${A}/ask/`, { schema: { body: AskBody }, config: open }, async (req) =>
    ok(await svc.ask(app, req.auth ?? null, req.body.text)),
  );

  app.post(`${A}/submitQuestion/`, { schema: { body: AskBody }, config: open }, async (req) => {
    await svc.submitUnanswered(app, req.auth ?? null, req.body.text);
    return ok(null, '已提交，我们会尽快补充解答');
  });

  app.post(`${A}/vote/`, { schema: { body: VoteBody }, config: open }, async (req) =>
    ok(await svc.vote(app, req.auth ?? null, req.body.id, req.body.helpful), '感谢您的反馈'),
  );
};

/** Back office FAQ management (服务工具 → 智能助手): categories, questions, asked questions. */
export const assistantAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = { access: { any: ['assistantFaq'] } as const };

  app.get(`${ADMIN}/categories/`, { config: admin }, async () => ok(await repo.adminCategories(app.db)));

  app.post(`${ADMIN}/saveCategory/`, { schema: { body: CategorySaveBody }, config: admin }, async (req) =>
    ok(await svc.saveCategory(app, actorOf(req), req.body), '保存成功'),
  );

  app.post(`${ADMIN}/deleteCategory/`, { schema: { body: IdBody }, config: admin }, async (req) => {
    await svc.deleteCategory(app, actorOf(req), req.body.id);
    return ok(null, '删除成功');
  });

  app.get(`${ADMIN}/questions/`, { schema: { querystring: AdminQuestionQuery }, config: admin }, async (req) =>
    ok(await repo.adminQuestions(app.db, req.query)),
  );

  app.get(`${ADMIN}/question/`, { schema: { querystring: IdQuery }, config: admin }, async (req) => {
    const q = await repo.findQuestion(app.db, req.query.id, false);
    if (!q) throw notFound('该问题不存在或已删除');
    return ok(q);
  });

  app.post(`${ADMIN}/saveQuestion/`, { schema: { body: QuestionSaveBody }, config: admin }, async (req) =>
    ok(await svc.saveQuestion(app, actorOf(req), req.body), '保存成功'),
  );

  app.post(`${ADMIN}/deleteQuestion/`, { schema: { body: IdBody }, config: admin }, async (req) => {
    await svc.deleteQuestion(app, actorOf(req), req.body.id);
    return ok(null, '删除成功');
  });

  app.get(`${ADMIN}/asked/`, { schema: { querystring: AskedListQuery }, config: admin }, async (req) =>
    ok(await repo.askedList(app.db, req.query)),
  );

  app.get(`${ADMIN}/openCount/`, { config: admin }, async () => ok({ open: await repo.openAskedCount(app.db) }));

  app.post(`${ADMIN}/handleAsked/`, { schema: { body: AskedHandleBody }, config: admin }, async (req) => {
    await svc.handleAsked(app, actorOf(req), req.body);
    return ok(null, '已处理');
  });

  app.post(`${ADMIN}/convertAsked/`, { schema: { body: AskedConvertBody }, config: admin }, async (req) =>
    ok(await svc.convertAsked(app, actorOf(req), req.body), '已加入常见问题'),
  );
};
