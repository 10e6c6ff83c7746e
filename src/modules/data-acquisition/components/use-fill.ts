import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormValues } from '@/shared/forms/schema';
import { validateSubmission, type FieldError } from '@/shared/forms/validate';
import { pickDepartments, pickUsers, uploadFormFile } from '@/modules/forms/api';
import { serverFieldErrors, type FormPickers } from '@/modules/forms/ui';
import { openFill, saveFill, submitFill } from '../api';
import type { FillAnswer } from '../contract';
import { lockExcept, ownValues } from './labels';

/**
 * One assignment's fill, kit-free (the desktop and phone pages share it): the view, the values being
 * edited, the locked schema of a collaborative part, save draft and submit with field messages.
 */
export function useFill(assignmentId: number | null, onDone?: (a: FillAnswer, submitted: boolean) => void) {
  const qc = useQueryClient();
  const view = useQuery({
    queryKey: ['acquisition', 'fill', assignmentId],
    queryFn: () => openFill(assignmentId!).then((r) => r.data),
    enabled: assignmentId !== null,
    retry: false,
  });
  const v = view.data;
  const [edit, setEdit] = useState<{ key: unknown; values: FormValues }>({ key: null, values: {} });
  const current = edit.key === v ? edit.values : (v?.values ?? {});
  const [errors, setErrors] = useState<FieldError[]>([]);
  const schema = useMemo(() => (v ? lockExcept(v.schema, v.editable) : null), [v]);

  const refresh = () => qc.invalidateQueries({ queryKey: ['acquisition'] });
  const onError = (e: unknown) => {
    const fields = serverFieldErrors(e);
    if (fields) setErrors(fields);
  };
  const save = useMutation({
    mutationFn: () => saveFill({ assignmentId: assignmentId!, values: ownValues(current, v!.editable) }),
    onSuccess: (r) => {
      setErrors([]);
      onDone?.(r.data, false);
      void refresh();
    },
    onError,
  });
  const submit = useMutation({
    mutationFn: async () => {
      // The whole form is checked on my fields first (a collaborator's part: only theirs).
      const local = validateSubmission(v!.schema, current, { partial: false }).errors.filter(
        (e) => !v!.editable || v!.editable.includes(e.field.split('.')[0]!),
      );
      if (local.length) {
        setErrors(local);
        throw new Error(`有 ${local.length} 处内容需要修改`);
      }
      return submitFill({ assignmentId: assignmentId!, values: ownValues(current, v!.editable) });
    },
    onSuccess: (r) => {
      setErrors([]);
      onDone?.(r.data, true);
      void refresh();
    },
    onError,
  });
  const pickers = useMemo<FormPickers | undefined>(
    () =>
      v
        ? {
            searchUsers: (k, fieldId) =>
              pickUsers({ kind: 'formField', formId: v.formId, version: v.formVersion, fieldId }, k).then(
                (r) => r.data,
              ),
            departments: () => pickDepartments().then((r) => r.data),
          }
        : undefined,
    [v],
  );
  const upload = v
    ? (fieldId: string, file: File) => uploadFormFile(v.formId, fieldId, file).then((r) => r.data)
    : undefined;
  return {
    view,
    schema,
    values: current,
    setValues: (values: FormValues) => setEdit({ key: v, values }),
    errors,
    save,
    submit,
    pickers,
    upload,
  };
}
