import { Type, type TString } from 'typebox';

/** The schema keyword the server's validator reads: strip emoji from this string before it is used. */
export const STRIP_EMOJI_KEYWORD = 'stripEmoji';

/**
 * A text field as typed by a person (names, titles, opinions, reasons): the server strips its
 * emoji as the inputs do (spec section 5; src/shared/emoji.ts), so a client that skipped the
 * inputs — a script, an old page — stores the same text a page would have sent.
 */
export const EmojiFreeText = (options: Parameters<typeof Type.String>[0] = {}): TString =>
  Type.String({ ...options, [STRIP_EMOJI_KEYWORD]: true });
