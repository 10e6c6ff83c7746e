/** Phone (antd-mobile) components other modules may use. */
export { MobileAvatarItem } from './mobile/components/mobile-avatar-item';
