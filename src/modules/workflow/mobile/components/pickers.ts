import type { FormPickers } from '../../../forms/mobile/components/mobile-form-renderer';
import { pickDepartments, pickUsers } from '../../api';

/** The phone renderer's user and department pickers (an approver editing this node's fields). */
export const pickers: FormPickers = {
  searchUsers: (k) => pickUsers(k).then((r) => r.data),
  departments: () => pickDepartments().then((r) => r.data),
};
