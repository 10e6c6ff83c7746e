import * as repo from '../repository';
import { LEAVE_FORM_NAME } from '../seed-forms';

export { LEAVE_FORM_NAME };

/** The demo's 学生请假申请 (id and newest version) once the forms seed made it, for the workflow's demo process. */
export const demoLeaveForm = (db: repo.Conn) => repo.formIdByName(db, LEAVE_FORM_NAME);
