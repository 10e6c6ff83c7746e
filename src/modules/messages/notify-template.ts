import type { MessageKind } from './contract';
import { variablesOf } from './notify-contract';

/**
 * Message templates with {{variables}} (issue 24 item 2): one subject and body per message kind,
 * rendered per channel — plain text for SMS and the robots, HTML-escaped for the e-mail's HTML
 * part. Used by the server (sending, save-time checks) and the 消息模板 page's 预览.
 */

const VARIABLE = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** Every variable a text names, once each, in order. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]!))];
}

/** The variables the texts use that the kind does not offer (empty = the template may be saved). */
export function unknownVariables(kind: MessageKind, ...texts: string[]): string[] {
  const offered = new Set(variablesOf(kind));
  return [...new Set(texts.flatMap(variablesIn))].filter((v) => !offered.has(v));
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** The text with each {{name}} replaced by its value ('' when the sender gave none). */
export function renderText(text: string, vars: Record<string, string>): string {
  return text.replace(VARIABLE, (_, name: string) => vars[name] ?? '');
}

/**
 * The e-mail's HTML: the template's text with its values escaped (a title or body may hold `<`),
 * line breaks kept, and the link variable made a real link.
 */
export function renderHtml(text: string, vars: Record<string, string>): string {
  const escapedVars = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, escapeHtml(v)]));
  const link = vars.link ? escapeHtml(vars.link) : '';
  const html = escapeHtml(text)
    .replace(VARIABLE, (_, name: string) =>
      name === 'link' && link ? `<a href="${link}">${link}</a>` : (escapedVars[name] ?? ''),
    )
    .replace(/\r?\n/g, '<br>');
  return `<div style="font-family:sans-serif;font-size:14px;line-height:1.6">${html}</div>`;
}

/** The built-in templates (a kind without a saved one uses these). */
export const DEFAULT_TEMPLATES: Record<MessageKind, { subject: string; body: string }> = {
  task: {
    subject: '【待办】{{title}}',
    body: '{{recipient}}，您好：\n您有一项新的待办：{{title}}\n{{body}}\n请登录办理：{{link}}\n{{siteName}} {{time}}',
  },
  result: {
    subject: '【审批结果】{{title}}',
    body: '{{recipient}}，您好：\n{{title}}\n{{body}}\n查看详情：{{link}}\n{{siteName}} {{time}}',
  },
  urge: {
    subject: '【催办】{{title}}',
    body: '{{recipient}}，您好：\n{{title}}\n{{body}}\n请尽快办理：{{link}}\n{{siteName}} {{time}}',
  },
  copy: {
    subject: '【抄送】{{title}}',
    body: '{{recipient}}，您好：\n{{title}}\n{{body}}\n查看详情：{{link}}\n{{siteName}} {{time}}',
  },
  notice: {
    subject: '【通知】{{title}}',
    body: '{{recipient}}，您好：\n{{title}}\n{{body}}\n查看详情：{{link}}\n{{siteName}} {{time}}',
  },
  system: {
    subject: '【系统消息】{{title}}',
    body: '{{recipient}}，您好：\n{{title}}\n{{body}}\n{{link}}\n{{siteName}} {{time}}',
  },
};
