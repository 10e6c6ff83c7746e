import type { Ajv } from 'ajv';
import { stripEmoji } from '@/shared/emoji';
import { STRIP_EMOJI_KEYWORD } from '@/shared/emoji-free';

/**
 * The validator's `stripEmoji` keyword (EmojiFreeText in contracts): a modifying keyword that
 * replaces the string in its parent with the emoji-free text, the same stripEmoji the inputs use,
 * before the handler reads it. Registered on Fastify's Ajv in buildApp.
 */
// Fastify's own Ajv (a dependency of @fastify/ajv-compiler); only its type is imported.
export function emojiKeyword(ajv: Ajv): Ajv {
  ajv.addKeyword({
    keyword: STRIP_EMOJI_KEYWORD,
    type: 'string',
    schemaType: 'boolean',
    modifying: true,
    errors: false,
    // Stripped before the length and pattern checks, so '😀' alone is as empty as ''.
    before: 'maxLength',
    validate: (
      on: boolean,
      data: string,
      _parent: unknown,
      ctx?: { parentData: unknown; parentDataProperty: unknown },
    ) => {
      if (on && ctx && ctx.parentData && typeof ctx.parentData === 'object') {
        const clean = stripEmoji(data);
        if (clean !== data)
          (ctx.parentData as Record<string | number, unknown>)[ctx.parentDataProperty as string] = clean;
      }
      return true;
    },
  });
  return ajv;
}
