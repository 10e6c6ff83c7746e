import type { FastifyInstance } from 'fastify';
import * as repo from './repository';

/**
 * Attachments of forms (purpose `form:<formId>`) are read by their uploader, the form's
 * managers and administrators; other signed-in users get 403. Anonymous uploads of public
 * forms have no uploader to recognise: only managers and administrators read them.
 */
export function registerFormFileAccess(app: FastifyInstance): void {
  app.fileReadRules.set('form:', async (req, file) => {
    const auth = req.auth;
    if (!auth) return false;
    if (auth.isAdmin || (file.ownerId !== null && file.ownerId === auth.userId)) return true;
    const formId = Number(file.purpose.slice('form:'.length));
    return Number.isInteger(formId) && formId > 0 && repo.isManager(app.db, formId, auth.userId);
  });
}
