import { FORM_SCHEMA_FORMAT, type FormSchema } from '@/shared/forms/schema';
import { FORM_ACCESS, type FormAccess, type FormCreateBody, type FormDetail } from '@/modules/forms/contract';

/**
 * 导出/导入 JSON: a form's draft with its name, category, description and access, as a file an
 * administrator can keep or carry to another installation. The server checks an import in full
 * (schema, rich text); this only turns a file into the create/ body or says why it cannot.
 */

export const EXPORT_KIND = 'campus-portal/form';

export interface FormExport {
  kind: typeof EXPORT_KIND;
  exportedAt: string;
  name: string;
  category: string;
  description: string;
  access: FormAccess;
  schema: FormSchema;
}

export function exportDocument(detail: FormDetail, now = new Date()): FormExport {
  return {
    kind: EXPORT_KIND,
    exportedAt: now.toISOString(),
    name: detail.name,
    category: detail.category,
    description: detail.description,
    access: detail.access,
    schema: detail.draft,
  };
}

/** A file name without characters Windows or macOS refuse. */
export const exportFileName = (name: string) => `${name.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 60) || 'form'}.json`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const looksLikeSchema = (v: unknown): v is FormSchema =>
  isObject(v) && v.format === FORM_SCHEMA_FORMAT && Array.isArray(v.sections) && Array.isArray(v.rules);

/** The create/ body of an exported file (or of a bare schema, named after the file), or a message. */
export function parseImport(text: string, fileName: string): { body: FormCreateBody } | { error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { error: '文件不是有效的 JSON' };
  }
  const fallbackName =
    fileName
      .replace(/\.json$/i, '')
      .trim()
      .slice(0, 60) || '导入的表单';
  if (looksLikeSchema(data))
    return { body: { name: fallbackName, category: '', description: '', access: 'signedIn', schema: data } };
  if (!isObject(data) || !looksLikeSchema(data.schema))
    return { error: '文件中没有可识别的表单设计（需要由“导出表单文件”生成的文件）' };
  const str = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');
  const access = FORM_ACCESS.includes(data.access as FormAccess) ? (data.access as FormAccess) : 'signedIn';
  return {
    body: {
      name: str(data.name, 60) || fallbackName,
      category: str(data.category, 30),
      description: str(data.description, 500),
      access,
      schema: data.schema,
    },
  };
}
