import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '@/shared/envelope';
import { okResponse } from '@/shared/response-schema';
import {
  ChannelList,
  ChannelView,
  DeliveryPage,
  DeliveryQuery,
  DemoMailPage,
  DemoMailQuery,
  GeneralSettings,
  IdBody,
  KindBody,
  MyPreferences,
  NotifyTemplate,
  SaveChannelBody,
  SavePreferencesBody,
  SaveTemplateBody,
  TestChannelAnswer,
  TestChannelBody,
} from '@/modules/messages/notify-contract';
import { generalSettings, listChannels, saveChannel, saveGeneral } from './channels';
import { retryDelivery } from './deliver';
import * as svc from './service';

const N = '/message/api/v1.notify';
const Done = Type.Null();

/** 通知渠道, 消息模板, 发送记录, 演示邮箱 (back office) and 通知设置 (any signed-in user). */
export const notifyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const channels = { access: { any: ['notifyChannel'] } };
  const templates = { access: { any: ['notifyTemplate'] } };
  const log = { access: { any: ['notifyDelivery'] } };

  app.get(`${N}/channel/list/`, { schema: { response: okResponse(ChannelList) }, config: channels }, async () =>
    ok({ list: await listChannels(app), demoSink: app.notifyDemoSink, general: await generalSettings(app) }),
  );
  app.post(
    `${N}/channel/save/`,
    { schema: { body: SaveChannelBody, response: okResponse(ChannelView) }, config: channels },
    async (req) => ok(await saveChannel(app, req.auth!, req.body, req.ip)),
  );
  app.post(
    `${N}/channel/general/`,
    { schema: { body: GeneralSettings, response: okResponse(Done) }, config: channels },
    async (req) => {
      await saveGeneral(app, req.auth!, req.body, req.ip);
      return ok(null);
    },
  );
  app.post(
    `${N}/channel/test/`,
    { schema: { body: TestChannelBody, response: okResponse(TestChannelAnswer) }, config: channels },
    async (req) => ok(await svc.testChannel(app, req.auth!, req.body.channel, req.body.address, req.ip)),
  );

  app.get(
    `${N}/template/list/`,
    { schema: { response: okResponse(Type.Array(NotifyTemplate)) }, config: templates },
    async () => ok(await svc.listTemplates(app)),
  );
  app.post(
    `${N}/template/save/`,
    { schema: { body: SaveTemplateBody, response: okResponse(Done) }, config: templates },
    async (req) => {
      await svc.saveTemplate(app, req.auth!, req.body, req.ip);
      return ok(null);
    },
  );
  app.post(
    `${N}/template/reset/`,
    { schema: { body: KindBody, response: okResponse(Done) }, config: templates },
    async (req) => {
      await svc.resetTemplate(app, req.auth!, req.body.kind, req.ip);
      return ok(null);
    },
  );

  app.get(
    `${N}/delivery/list/`,
    { schema: { querystring: DeliveryQuery, response: okResponse(DeliveryPage) }, config: log },
    async (req) => ok(await svc.listDeliveries(app, req.query)),
  );
  app.post(
    `${N}/delivery/retry/`,
    { schema: { body: IdBody, response: okResponse(Done) }, config: log },
    async (req) => {
      await retryDelivery(app, req.body.id);
      return ok(null);
    },
  );

  app.get(
    `${N}/demo_mail/list/`,
    {
      schema: { querystring: DemoMailQuery, response: okResponse(DemoMailPage) },
      config: { access: { any: ['demoMailbox'] } },
    },
    async (req) => ok(await svc.listDemoMail(app, req.query)),
  );

  app.get(
    `${N}/preferences/`,
    { schema: { response: okResponse(MyPreferences) }, config: { access: 'session' } },
    async (req) => ok(await svc.myPreferences(app, req.auth!.userId)),
  );
  app.post(
    `${N}/preferences/`,
    { schema: { body: SavePreferencesBody, response: okResponse(MyPreferences) }, config: { access: 'session' } },
    async (req) => ok(await svc.savePreferences(app, req.auth!.userId, req.body.choices)),
  );
};
