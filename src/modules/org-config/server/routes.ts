import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '@/shared/envelope';
import { GetConfigBody, SaveThemeBody } from '../contract';
import { readLogin, readLogo, readTheme } from './repository';
import {
  LOGIN_IMAGE_MAX_BYTES,
  LOGO_IMAGE_MAX_BYTES,
  SaveLoginBody,
  SaveLogoBody,
  UploadImageQuery,
} from '@/modules/org-config/contract';
import { saveUpload } from '@/server/uploads/store';
import { IMAGE_KINDS } from '@/server/uploads/sniff';
import { audit } from '@/server/identity/audit';
import { badInput } from '@/server/errors';
import { platformLogo, saveLogin, saveLogo, saveTheme } from './service';

const BASE = '/portal/backend/organizationConfig';

/** Organisation config (spec section 7): login page, logo/title, theme. */
export const orgConfigRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(`${BASE}/getLoginConfig/`, { config: { access: 'public' } }, async () => ok(await readLogin(app.db)));

  app.post(`${BASE}/getCommonConfig/`, { config: { access: 'public' } }, async () => ok(await readLogo(app.db)));

  // A POST without any body means "no platform_id": validate it as an empty object.
  app.post(
    `${BASE}/getConfig/`,
    {
      schema: { body: GetConfigBody },
      config: { access: 'session' },
      preValidation: async (req) => {
        req.body ??= {};
      },
    },
    async (req) => ok(await platformLogo(app.db, req.auth!, req.body.platform_id)),
  );

  app.post(`${BASE}/getTheme/`, { config: { access: 'public' } }, async () => ok(await readTheme(app.db)));

  app.post(`${BASE}/saveTheme/`, { schema: { body: SaveThemeBody }, config: { access: 'admin' } }, async (req) =>
    ok(await saveTheme(app.db, req.auth!, req.body, req.ip), '保存成功'),
  );

  // Display settings (back office): whole documents as JSON, validated field by field.
  app.post(`${BASE}/saveLogoConfig/`, { schema: { body: SaveLogoBody }, config: { access: 'admin' } }, async (req) =>
    ok(await saveLogo(app.db, req.auth!, req.body, req.ip), '保存成功'),
  );

  app.post(`${BASE}/saveLoginConfig/`, { schema: { body: SaveLoginBody }, config: { access: 'admin' } }, async (req) =>
    ok(await saveLogin(app.db, req.auth!, req.body, req.ip), '保存成功'),
  );

  // Logo, icon and login pictures are shown before sign-in, so they are stored public.
  app.post(
    `${BASE}/uploadImage/`,
    { schema: { querystring: UploadImageQuery }, config: { access: 'admin' } },
    async (req) => {
      if (!req.isMultipart()) throw badInput('请选择要上传的图片', { field: 'file' });
      const file = await req.file();
      if (!file) throw badInput('请选择要上传的图片', { field: 'file' });
      const purpose = req.query.purpose;
      const saved = await saveUpload(app, file, {
        purpose: `org-${purpose}`,
        accept: IMAGE_KINDS,
        isPublic: true,
        ownerId: req.auth!.userId,
        maxBytes: purpose === 'login' ? LOGIN_IMAGE_MAX_BYTES : LOGO_IMAGE_MAX_BYTES,
      });
      await audit(app.db, {
        action: 'org_image_uploaded',
        result: 'ok',
        actorId: req.auth!.userId,
        actorName: req.auth!.username,
        target: saved.id,
        detail: `${purpose} ${saved.name} ${saved.size}`,
        ip: req.ip,
      });
      return ok(saved, '上传成功');
    },
  );
};
