/** Other modules hold synced values through this face (see ../sync-holds.ts). */
export { onSyncUpdate, type SyncHoldHook, type SyncUpdate } from '../sync-holds';
