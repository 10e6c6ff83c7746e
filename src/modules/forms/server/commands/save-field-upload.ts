import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FileRef, FormField } from '@/shared/forms/schema';
import { badInput } from '@/server/errors';
import { saveUpload } from '@/server/uploads/store';
import { uploadKinds, uploadMaxBytes } from '../upload-rules';

/**
 * Stores the request's one multipart `file` as an upload of a form's file/image/signature field: the
 * field's own kinds and size, private, purpose `form:<formId>` (what submit, resubmit and approve
 * accept back, each for its owner). Used by the fill page's upload and the approver's task upload.
 */
export async function saveFieldUpload(
  app: FastifyInstance,
  req: FastifyRequest,
  formId: number,
  field: FormField,
  ownerId: number | null,
): Promise<FileRef> {
  if (!req.isMultipart()) throw badInput('请选择要上传的文件', { field: 'file' });
  const kinds = uploadKinds(field);
  if (!kinds.length) throw badInput('该字段允许的文件类型暂不支持上传，请联系表单管理员', { field: 'field' });
  const maxBytes = uploadMaxBytes(field);
  // One more byte than allowed reaches the store, so it answers with the field's own limit.
  const file = await req.file({ limits: { fileSize: maxBytes + 1, files: 1 } });
  if (!file) throw badInput('请选择要上传的文件', { field: 'file' });
  const saved = await saveUpload(app, file, {
    purpose: `form:${formId}`,
    accept: kinds,
    maxBytes,
    isPublic: false,
    ownerId,
  });
  return { id: saved.id, name: saved.name, size: saved.size, url: saved.url };
}
