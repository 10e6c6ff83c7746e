import * as repo from '../repository';

/**
 * Uploads among `ids` made for a form's fields (purpose `form:<formId>`, what the fill page and an
 * approver's task upload store), by `ownerId` when given — whether a file reference in a record is
 * the person's own upload, or which stored file a record's reference names.
 */
export const formUploads = (db: repo.Conn, formId: number, ids: string[], ownerId?: number) =>
  repo.uploadRows(db, ids, `form:${formId}`, ownerId);
