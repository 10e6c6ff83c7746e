import { useMemo } from 'react';
import { FORM_SCHEMA_FORMAT, type FormSchema, type PickedRef } from '@/shared/forms/schema';
import { MobileFormRenderer } from '@/modules/forms/ui-mobile';
import { nextAssigneePickers } from '@/modules/workflow/components/pickers';

export const NEXT_FIELD = 'nextAssignees';

interface Props {
  /** The approver's task: the picker offers only the later node's candidates. */
  taskId: number;
  /** The later nodes this approver chooses people for (TaskView.picksFor). */
  picksFor: { id: string; name: string }[];
  value: PickedRef[];
  onChange: (people: PickedRef[]) => void;
  error?: string;
}

/**
 * Who approves the later node(s) assigned by this approver's choice (nodePick): the phone form's
 * own user picker (search sheet), as one required multi-user field.
 */
export function NextAssigneesPicker({ taskId, picksFor, value, onChange, error }: Props) {
  const schema = useMemo<FormSchema>(
    () => ({
      format: FORM_SCHEMA_FORMAT,
      sections: [
        {
          id: 'next',
          title: '',
          columns: 1,
          fields: [
            {
              id: NEXT_FIELD,
              type: 'user',
              label: `「${picksFor.map((p) => p.name).join('」「')}」的审批人`,
              required: true,
              multiple: true,
            },
          ],
        },
      ],
      rules: [],
    }),
    [picksFor],
  );
  const pickers = useMemo(() => nextAssigneePickers(taskId), [taskId]);
  return (
    <MobileFormRenderer
      schema={schema}
      values={{ [NEXT_FIELD]: value }}
      pickers={pickers}
      onChange={(v) => onChange((v[NEXT_FIELD] as PickedRef[] | undefined) ?? [])}
      errors={error ? [{ field: NEXT_FIELD, message: error }] : []}
    />
  );
}
