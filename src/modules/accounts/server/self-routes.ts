import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { badInput } from '@/server/errors';
import { saveUpload } from '@/server/uploads/store';
import { IMAGE_KINDS } from '@/server/uploads/sniff';
import { ok } from '@/shared/envelope';
import { AVATAR_MAX_BYTES, type AvatarAnswer } from '../contract';
import * as svc from './service';

/** The user's own avatar (spec §7 uploadAvatar, beside getMyInfo/getMyPic): any signed-in user, for themself only. */
export const SELF_AVATAR_URL = '/user/api/v1.user/uploadAvatar/';

/**
 * Stores the caller's image (multipart `file`, sniffed: PNG/JPEG/GIF/WebP, ≤ 2 MB) privately
 * and makes it their avatar; audited as 设置头像 with the user as actor and target. Shared with
 * the administrators' route (routes.ts) through `storeAvatar`, so the personal centre (issue 19)
 * calls the same endpoint.
 */
export const selfAvatarRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(SELF_AVATAR_URL, { config: { access: 'session' } }, async (req) => {
    const file = await req.file();
    if (!file) throw badInput('请选择头像图片', { field: 'file' });
    const auth = req.auth!;
    return ok<AvatarAnswer>(await storeAvatar(app, req, file, auth.userId));
  });
};

/** Saves an avatar image for a user and points `app_user.avatar` at it (the caller's audit row in the same transaction). */
export async function storeAvatar(
  app: FastifyInstance,
  req: FastifyRequest,
  file: MultipartFile,
  userId: number,
): Promise<AvatarAnswer> {
  const saved = await saveUpload(app, file, {
    purpose: 'avatar',
    accept: IMAGE_KINDS,
    maxBytes: AVATAR_MAX_BYTES,
    isPublic: false,
    ownerId: userId,
  });
  await svc.setAvatar(app, { userId: req.auth!.userId, username: req.auth!.username, ip: req.ip }, userId, saved.url);
  return { url: saved.url };
}
