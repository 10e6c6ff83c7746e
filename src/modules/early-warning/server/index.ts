import type { FastifyPluginAsync } from 'fastify';
import { defineWarningJobs } from './jobs';
import { taskRoutes, warningRoutes } from './routes';
import { settleUnfollow } from './unfollow-flow';
import { onInstanceEnd } from '@/modules/workflow/server/commands/instances';
import './tables';

/** Server face of 学生预警 (issue 22): the ten lists, care records, the approval centre's pages and the recompute jobs. */
export const earlyWarningServer: FastifyPluginAsync = async (app) => {
  // 不再关注 ends in the engine's transaction (the generic 待办 pages included).
  onInstanceEnd('early-warning', settleUnfollow);
  defineWarningJobs(app);
  await app.register(warningRoutes);
  await app.register(taskRoutes);
};
