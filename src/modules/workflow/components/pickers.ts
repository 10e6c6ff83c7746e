import type { FormPickers } from '@/modules/forms/components/renderer-props';
import { pickDepartments, pickUsers } from '../api';

/** The form renderers' user and department pickers (desktop and phone pages that edit a record). */
export const pickers: FormPickers = {
  searchUsers: (k) => pickUsers(k).then((r) => r.data),
  departments: () => pickDepartments().then((r) => r.data),
};
