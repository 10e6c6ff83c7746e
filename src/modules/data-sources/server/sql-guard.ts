import { badInput } from '@/server/errors';
import { writeRefused } from './source-error';

/**
 * Keywords that never belong in a dataset's query: writes, DDL, privileges, file and session
 * commands (INTO: SELECT … INTO a table or OUTFILE; FOR UPDATE/SHARE locks rows). The statement
 * also runs in a read-only transaction (PostgreSQL, MySQL) or on a read-only handle (SQLite);
 * this check gives the clear message before the source is ever asked.
 */
const FORBIDDEN = [
  'insert',
  'update',
  'delete',
  'merge',
  'upsert',
  'create',
  'alter',
  'drop',
  'truncate',
  'rename',
  'grant',
  'revoke',
  'copy',
  'attach',
  'detach',
  'pragma',
  'vacuum',
  'reindex',
  'analyze',
  'into',
  'call',
  'exec',
  'execute',
  'do',
  'set',
  'lock',
  'unlock',
  'load',
  'handler',
  'prepare',
  'deallocate',
  'listen',
  'notify',
  'commit',
  'rollback',
  'begin',
  'savepoint',
  'outfile',
  'dumpfile',
  'load_file',
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'lo_import',
  'lo_export',
  'dblink',
  'dblink_exec',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'nextval',
  'setval',
];
const FORBIDDEN_SET = new Set(FORBIDDEN);

/**
 * The statement with comments removed and every string literal and quoted identifier blanked,
 * so keywords are only found where they are code. Throws on an unterminated literal or comment.
 */
export function codeOnly(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end;
      out += ' ';
    } else if (c === '#') {
      // MySQL line comment.
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end;
      out += ' ';
    } else if (c === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end < 0) throw writeRefused('注释没有结束');
      i = end + 2;
      out += ' ';
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      for (;;) {
        if (j >= sql.length) throw writeRefused('引号没有结束');
        if (sql[j] === '\\' && c === "'") j += 2;
        else if (sql[j] === c && sql[j + 1] === c) j += 2;
        else if (sql[j] === c) break;
        else j++;
      }
      out += c === "'" ? "''" : `${c}q${c}`;
      i = j + 1;
    } else if (c === '$' && /[A-Za-z_0-9$]/.test(next ?? '') && /^\$[A-Za-z_]*\$/.test(sql.slice(i))) {
      // PostgreSQL dollar quoting: $tag$ … $tag$.
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i))![0];
      const end = sql.indexOf(tag, i + tag.length);
      if (end < 0) throw writeRefused('引号没有结束');
      out += "''";
      i = end + tag.length;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/**
 * Checks a dataset's SQL: one statement (a trailing semicolon is allowed), starting with SELECT or
 * WITH, without any forbidden keyword. Answers the statement without its trailing semicolon.
 */
export function checkReadOnlySql(sql: string): string {
  const trimmed = sql.trim();
  if (!trimmed) throw writeRefused('查询语句为空');
  const code = codeOnly(trimmed).trim().replace(/;\s*$/, '');
  if (code.includes(';')) throw writeRefused('只能有一条语句，不能用分号连接多条');
  const first = /^\(*\s*([A-Za-z]+)/.exec(code)?.[1]?.toLowerCase();
  if (first !== 'select' && first !== 'with') throw writeRefused('语句必须以 SELECT 或 WITH 开头');
  for (const word of code.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? [])
    if (FORBIDDEN_SET.has(word)) throw writeRefused(`不允许使用 ${word.toUpperCase()}`);
  return trimmed.replace(/;\s*$/, '');
}

/**
 * A table name as typed in the dataset form: one or two dotted parts (schema.table), each a
 * plain identifier or a quoted one without the quote character. Answers the parts.
 */
export function tableParts(name: string): string[] {
  const parts = name.trim().split('.');
  if (parts.length > 2 || parts.some((p) => !/^[\p{L}\p{N}_$ -]{1,128}$/u.test(p) || !p.trim()))
    throw badInput(`表名 ${name.slice(0, 100)} 不合法（只能是“表名”或“模式.表名”）`, { field: 'table' });
  return parts.map((p) => p.trim());
}
