import { FORM_LIMITS, type FormField } from '@/shared/forms/schema';
import { IMAGE_EXTENSIONS } from '@/shared/forms/validate';

/** Extensions a field takes ('' = any): images default to the common picture formats. */
export function acceptedExtensions(field: Pick<FormField, 'type' | 'accept'>): string[] {
  if (field.accept?.length) return field.accept;
  return field.type === 'image' ? IMAGE_EXTENSIONS : [];
}

/** The `accept` attribute of the file input. */
export function acceptAttribute(field: Pick<FormField, 'type' | 'accept'>): string | undefined {
  const list = acceptedExtensions(field);
  return list.length ? list.map((e) => `.${e}`).join(',') : undefined;
}

/** Why a chosen file is refused before upload (the server checks again), or null. */
export function fileProblem(
  field: Pick<FormField, 'type' | 'accept' | 'maxSizeMb'>,
  file: { name: string; size: number },
): string | null {
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const allowed = acceptedExtensions(field);
  if (allowed.length && !allowed.includes(ext))
    return `「${file.name}」的类型不允许，请上传 ${allowed.join('、')} 文件`;
  const maxMb = field.maxSizeMb ?? FORM_LIMITS.fileMaxMb;
  if (file.size > maxMb * 1024 * 1024) return `「${file.name}」超过 ${maxMb} MB，请压缩后再上传`;
  if (file.size === 0) return `「${file.name}」是空文件`;
  return null;
}

/** How many files a file/image field holds. */
export const maxFiles = (field: Pick<FormField, 'maxCount'>) => field.maxCount ?? FORM_LIMITS.filesPerField;

export const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export const NO_UPLOAD_IN_PREVIEW = '预览中不可上传';

/** The line under a file/image field: types, size and count it takes, or why it cannot upload here. */
export function uploadHint(field: Pick<FormField, 'type' | 'accept' | 'maxSizeMb' | 'maxCount'>, canUpload: boolean) {
  if (!canUpload) return NO_UPLOAD_IN_PREVIEW;
  const ext = acceptedExtensions(field);
  return [
    ext.length ? `支持 ${ext.join('、')}` : '',
    field.maxSizeMb ? `单个不超过 ${field.maxSizeMb} MB` : '',
    field.maxCount ? `最多 ${maxFiles(field)} 个` : '',
  ]
    .filter(Boolean)
    .join('，');
}
