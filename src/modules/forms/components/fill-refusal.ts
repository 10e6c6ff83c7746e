import { HttpError } from '@/core/http/http-error';
import { Codes } from '@/shared/errors';

/** Why a form cannot be filled, as the fill pages show it (issue 24 item 4). */
export interface FillRefusal {
  kind: 'audience' | 'notOpen' | 'closed' | 'submitted' | 'password' | 'other';
  title: string;
  text: string;
}

const TITLES: Record<string, [FillRefusal['kind'], string]> = {
  [Codes.formNotInAudience]: ['audience', '不在适用范围内'],
  [Codes.formNotOpen]: ['notOpen', '未开始'],
  [Codes.formClosed]: ['closed', '已截止'],
  [Codes.formAlreadySubmitted]: ['submitted', '已提交过'],
  [Codes.formPasswordNeeded]: ['password', '需要访问密码'],
  [Codes.formPasswordWrong]: ['password', '需要访问密码'],
};

/** The refusal of open/ (or submit/): its kind, a short title and the server's own reason. */
export function fillRefusal(e: unknown): FillRefusal {
  if (e instanceof HttpError && e.status === 401)
    return { kind: 'other', title: '无法打开表单', text: '请登录后填写此表单' };
  const text = e instanceof Error && e.message ? e.message : '表单不存在或已停用';
  const hit = e instanceof HttpError ? TITLES[String(e.code)] : undefined;
  return hit ? { kind: hit[0], title: hit[1], text } : { kind: 'other', title: '无法打开表单', text };
}
