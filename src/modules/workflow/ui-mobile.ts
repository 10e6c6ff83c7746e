/** The phone's drawing of one request's progress, for the mobile module's /mobile/mobileFlowChart page. */
export { MobileFlowProgress } from './mobile/components/mobile-flow-progress';
