import type { FastifyInstance } from 'fastify';
import * as repo from './repository';
import { isParticipant } from './service';

/** Comment attachments (purpose `workflow:<instanceId>`) are read by the instance's participants only. */
export function registerWorkflowFileAccess(app: FastifyInstance): void {
  app.fileReadRules.set('workflow:', async (req, file) => {
    const auth = req.auth;
    if (!auth) return false;
    const inst = await repo.findInstance(app.db, Number(file.purpose.slice('workflow:'.length)));
    return !!inst && isParticipant(app.db, inst, { userId: auth.userId, name: auth.username, isAdmin: auth.isAdmin });
  });
}
