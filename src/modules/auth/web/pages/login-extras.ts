// What the sign-in page draws only after a single sign-on return, loaded then (issue 14).
export { Result, Spin } from 'antd';
