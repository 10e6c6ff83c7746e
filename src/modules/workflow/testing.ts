/** Sample answers of the workflow API for other modules' page tests (never imported by production code). */
export { instanceView, LEAVE_PROCESS, taskRow, taskView } from './web/testing/fixtures';
