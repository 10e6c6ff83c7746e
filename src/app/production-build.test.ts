import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { productionBuildEnv } from '../../vite.config';

/**
 * `NODE_ENV=development npm start` (or npm run build) must still make the production client:
 * Vite decides from NODE_ENV after loading vite.config.ts, which sets it for a production-mode build.
 */
const configFile = fileURLToPath(new URL('../../vite.config.ts', import.meta.url));
const before = process.env.NODE_ENV;

afterEach(() => {
  process.env.NODE_ENV = before;
});

describe('production client whatever NODE_ENV says', () => {
  it('vite build under NODE_ENV=development resolves a production build (React prod, PROD, service worker)', async () => {
    process.env.NODE_ENV = 'development';
    const config = await resolveConfig({ configFile, logLevel: 'silent' }, 'build', 'production', 'production');
    expect(config.isProduction).toBe(true);
    expect(config.env.PROD).toBe(true);
    expect(config.env.DEV).toBe(false);
    expect(process.env.NODE_ENV).toBe('production');
  });

  it('leaves the dev server, the tests and an explicit development build alone', () => {
    const env: NodeJS.ProcessEnv = { NODE_ENV: 'development' };
    productionBuildEnv('serve', 'development', env);
    expect(env.NODE_ENV).toBe('development');
    productionBuildEnv('build', 'development', env);
    expect(env.NODE_ENV).toBe('development');
    productionBuildEnv('build', 'production', env);
    expect(env.NODE_ENV).toBe('production');
  });
});
