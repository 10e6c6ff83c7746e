import type { Rule } from 'antd/es/form';
import {
  DEPARTMENT_CODE_MESSAGE,
  DEPARTMENT_CODE_PATTERN,
  NAME_MAX,
  ROLE_CODE_MESSAGE,
  ROLE_CODE_PATTERN,
} from '@/modules/organization/contract';

/** Form rules that say what the server checks, in the server's words. */
export const nameRules = (label: string): Rule[] => [
  { required: true, whitespace: true, message: `请输入${label}` },
  { max: NAME_MAX, message: `${label}为 1–${NAME_MAX} 个字符` },
];
export const deptCodeRules: Rule[] = [
  { required: true, message: '请输入部门编码' },
  { pattern: new RegExp(DEPARTMENT_CODE_PATTERN), message: DEPARTMENT_CODE_MESSAGE },
];
export const roleCodeRules: Rule[] = [
  { required: true, message: '请输入角色编码' },
  { pattern: new RegExp(ROLE_CODE_PATTERN), message: ROLE_CODE_MESSAGE },
];
