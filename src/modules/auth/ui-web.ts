/** Desktop (antd) components other modules may use: the 修改密码 dialog (the user menu and 账号设置). */
export { ChangePasswordModal } from './web/components/change-password-modal';
