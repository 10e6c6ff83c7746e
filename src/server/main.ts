import { loadConfig, ConfigError } from './config';
import { buildApp } from './app';
import { firstStart } from './db/seed/first-start';

/** CLI entry: read config, build, listen. Bad configuration prints one clear line and exits 1. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`配置错误 (configuration error): ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
  const app = await buildApp({ config, serveClient: true });
  await firstStart(app);
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  console.log(`campus-portal listening on http://${config.host}:${config.port} (${app.dialect})`);
}

main().catch((e) => {
  console.error(`启动失败 (start failed): ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
