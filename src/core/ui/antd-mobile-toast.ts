// antd-mobile's Toast on its own (loaded on first use by antd-mobile-base.ts), imported from the
// package itself so it shares antd-mobile's render hook (set here too) with the rest of the kit.
import './antd-mobile-render';
export { Toast } from 'antd-mobile';
