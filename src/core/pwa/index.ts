export { createUpdateController, type UpdateController, type WorkboxLike } from './update-controller';
export { registerServiceWorker, SW_URL } from './register';
export { PwaNotices, OFFLINE_TEXT, UPDATE_READY_TEXT } from './pwa-notices';
