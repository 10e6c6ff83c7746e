// What the phone login draws only after a single sign-on return, loaded then (issue 14).
export { Result, SpinLoading } from 'antd-mobile';
