/**
 * What the forms module offers other modules' pages, free of either UI kit (a phone page and a
 * desktop page may both import it). The renderers themselves are in the face files, so a phone
 * never downloads antd: `ui-web.ts` (desktop renderer), `ui-mobile.ts` (phone renderer),
 * `ui-cms.ts` (the designer's condition pieces).
 */
export type { BaseRendererProps, FormPickers } from './components/renderer-props';
export { serverFieldErrors } from './components/field-errors';
export { revealField } from './components/reveal-field';
