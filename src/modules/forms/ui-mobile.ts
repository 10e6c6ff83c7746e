/** The phone (antd-mobile) form renderer, for other modules' phone pages (the task sheet). */
export { MobileFormRenderer } from './mobile/components/mobile-form-renderer';
export type { MobileFormRendererProps } from './mobile/components/mobile-form-renderer';
