/** A server refusal: the request layer has toasted it already. */
export const isRequestRefusal = (e: unknown) => e instanceof Error && e.name === 'HttpError';

/** Why an upload (or a signature's save) failed, in words. */
export const failureText = (e: unknown, fallback = '上传失败') =>
  e instanceof Error && e.message ? e.message : fallback;

/** What to toast for a failure nobody toasted yet (the canvas, the file reader, a lost network), else null. */
export const untoastedFailure = (e: unknown, fallback = '上传失败') =>
  isRequestRefusal(e) ? null : failureText(e, fallback);
