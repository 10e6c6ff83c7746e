import type { FormPickers } from '@/modules/forms/ui';
import { pickDepartments, pickUsers } from '../api';

// One object per approval, so the renderers load the department tree once (they cache per object).
const byInstance = new Map<number, FormPickers>();

/**
 * The form renderers' user and department pickers on pages that edit an approval's record (desktop
 * and phone): a user field offers what its pickScope allows, to the applicant and the approvers.
 */
export function instancePickers(instanceId: number): FormPickers {
  let p = byInstance.get(instanceId);
  if (!p) {
    p = {
      searchUsers: (k, fieldId) => pickUsers({ kind: 'instanceField', instanceId, fieldId }, k).then((r) => r.data),
      departments: () => pickDepartments().then((r) => r.data),
    };
    byInstance.set(instanceId, p);
  }
  return p;
}

/** The next node's approvers this task's holder chooses (nodePick): the node's candidates only. */
export const nextAssigneePickers = (taskId: number): FormPickers => ({
  searchUsers: (k) => pickUsers({ kind: 'task', taskId, purpose: 'next' }, k).then((r) => r.data),
  departments: () => pickDepartments().then((r) => r.data),
});
