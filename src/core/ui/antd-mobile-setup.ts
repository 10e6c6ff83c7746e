// antd-mobile ready for a page that shows imperative pop-ups (Toast, Dialog, ActionSheet): the
// React 19 render hook, the theme, core's toaster and the icon names. The phone shell takes only
// antd-mobile-base.ts, so the sign-in page loads the render hook with its first toast (issue 14).
import './antd-mobile-render';
export { loadToast } from './antd-mobile-base';
