import type { FormPickers } from '../../../forms/web/components/form-renderer';
import { pickDepartments, pickUsers } from '../../api';

/** The renderer's user and department pickers (signed-in pages that edit a record). */
export const pickers: FormPickers = {
  searchUsers: (k) => pickUsers(k).then((r) => r.data),
  departments: () => pickDepartments().then((r) => r.data),
};
