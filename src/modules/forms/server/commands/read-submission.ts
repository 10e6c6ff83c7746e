import * as repo from '../repository';

/** Reads of stored records for other modules' servers (the workflow's instances stand on them). */

/** One record: form, version, submitter and its values (JSON text); undefined when there is none. */
export const readSubmission = (db: repo.Conn, submissionId: number) => repo.submissionValues(db, submissionId);

/** A form's records, oldest first (id, submitterId, submittedAt): the demo starts its sample requests from them. */
export const listFormSubmissions = (db: repo.Conn, formId: number) => repo.submissionsOfForm(db, formId);
