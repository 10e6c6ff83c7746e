/** Desktop (antd) components other modules and the app may use. */
export { AvatarModal } from './web/components/avatar-modal';
