// antd-mobile's Toast on its own (loaded on first use by antd-mobile-setup.ts), imported from the
// package itself so it shares antd-mobile's render hook with the rest of the kit.
export { Toast } from 'antd-mobile';
