import type { Config } from '@/server/config';
import { localKey } from '@/server/secret-box';

/**
 * The key data sources' credentials are sealed with (`@/server/secret-box`): DATA_SOURCE_KEY, or,
 * outside production, a key made once into DATA_DIR/data-source.key (0600).
 */
export const KEY_FILE = 'data-source.key';

export function dataSourceKey(config: Pick<Config, 'dataSourceKey' | 'dataDir' | 'production'>): Buffer {
  if (config.dataSourceKey) return config.dataSourceKey;
  if (config.production) throw new Error('DATA_SOURCE_KEY is required when NODE_ENV=production');
  return localKey(config.dataDir, KEY_FILE);
}
