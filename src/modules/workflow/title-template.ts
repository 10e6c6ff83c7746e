import { allFields, type FormField, type FormSchema, type FormValues } from '@/shared/forms/schema';
import { formatValue } from '@/shared/forms/values';

/**
 * A process's title rule (ProcessDefinition.titleTemplate): text with `{…}` placeholders that the
 * engine fills when a request starts or is resubmitted, so the lists tell requests of one form
 * apart. `{申请人}` and `{表单}` are the applicant's and the form's names; any other placeholder is a
 * form field's label and takes its display text (options by label, dates as stored, people by
 * name). Shared by the engine, the checker and the designer.
 */

export const TITLE_APPLICANT = '申请人';
export const TITLE_FORM = '表单';
export const TITLE_MAX = 100;
/** Without a rule: 张三的学生请假申请. */
export const DEFAULT_TITLE_TEMPLATE = `{${TITLE_APPLICANT}}的{${TITLE_FORM}}`;

const PLACEHOLDER = /\{([^{}]{1,40})\}/g;

/** The placeholder names a rule uses, in order. */
export function titlePlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!.trim());
}

/** What is wrong with a rule for this form (placeholders that name no field), in Chinese. */
export function titleTemplateProblems(template: string | undefined, schema?: FormSchema): string[] {
  if (template === undefined) return [];
  if (!template.trim()) return ['标题规则不能为空（不需要时请删除）'];
  if (!schema) return [];
  const labels = new Set(
    allFields(schema)
      .map((f) => f.label.trim())
      .filter(Boolean),
  );
  const unknown = titlePlaceholders(template).filter(
    (p) => p !== TITLE_APPLICANT && p !== TITLE_FORM && !labels.has(p),
  );
  return [...new Set(unknown)].map((p) => `标题规则中的「{${p}}」不是表单中的字段`);
}

/** The title of one request: the rule filled in (an unknown placeholder stays as written), at most TITLE_MAX characters. */
export function renderTitle(
  template: string | undefined,
  data: { applicant: string; form: string; schema: FormSchema; values: FormValues },
): string {
  const byLabel = new Map<string, FormField>();
  for (const f of allFields(data.schema))
    if (f.label.trim() && !byLabel.has(f.label.trim())) byLabel.set(f.label.trim(), f);
  const text = (template?.trim() || DEFAULT_TITLE_TEMPLATE).replace(PLACEHOLDER, (whole, raw: string) => {
    const name = raw.trim();
    if (name === TITLE_APPLICANT) return data.applicant;
    if (name === TITLE_FORM) return data.form;
    const field = byLabel.get(name);
    return field ? formatValue(field, data.values[field.id]) : whole;
  });
  const clean = text.replace(/\s+/g, ' ').trim();
  return (clean || `${data.applicant}的${data.form}`).slice(0, TITLE_MAX);
}
