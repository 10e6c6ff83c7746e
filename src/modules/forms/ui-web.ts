/** The desktop (antd) form renderer, for other modules' desktop pages (the approval page). */
export { FormRenderer } from './web/components/form-renderer';
export type { FormRendererProps } from './web/components/form-renderer';
