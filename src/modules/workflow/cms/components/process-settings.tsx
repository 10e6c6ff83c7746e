import { Button, Empty, Form, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { allFields, type FormSchema } from '@/shared/forms/schema';
import { listProcesses } from '@/modules/workflow/api';
import type { ProcessDefinition } from '@/modules/workflow/contract';
import { DEFAULT_TITLE_TEMPLATE, TITLE_APPLICANT, TITLE_FORM, TITLE_MAX } from '@/modules/workflow/title-template';
import { PROCESS_STATUS_LABELS } from './process-list';
import s from './designer.module.css';
import { TextInput } from '@/core/ui/text-input';

/** Field types that hold no value a title could show. */
const NO_VALUE = new Set(['richText', 'divider', 'subTable', 'signature', 'file', 'image']);

interface Props {
  processId: number;
  formId: number;
  def: ProcessDefinition;
  schema: FormSchema | null;
  onChange: (def: ProcessDefinition) => void;
}

/**
 * What the side panel shows with no node selected: the process's own settings — the title rule of
 * its requests (placeholders inserted by a click), the process a change request (申请修改) goes
 * through — and how to edit the nodes.
 */
export function ProcessSettings({ processId, formId, def, schema, onChange }: Props) {
  const template = def.titleTemplate ?? '';
  const set = (text: string) => {
    const { titleTemplate: _old, ...rest } = def;
    onChange(text.trim() ? { ...rest, titleTemplate: text.slice(0, TITLE_MAX) } : rest);
  };
  const setEditProcess = (id: number | undefined) => {
    const { editProcessId: _old, ...rest } = def;
    onChange(id === undefined ? rest : { ...rest, editProcessId: id });
  };
  // Only processes of the same form can take a change of its record (the server checks it too).
  const sameForm = useQuery({
    queryKey: ['workflow', 'processes', 'ofForm', formId],
    queryFn: () => listProcesses({ formId, page: 1, pageSize: 50 }).then((r) => r.data.list),
  });
  const editOptions = [
    { value: 0, label: '本流程（默认）' },
    ...(sameForm.data ?? [])
      .filter((p) => p.id !== processId)
      .map((p) => ({ value: p.id, label: `${p.name}（${PROCESS_STATUS_LABELS[p.status]}）` })),
  ];
  const tokens = [
    TITLE_APPLICANT,
    TITLE_FORM,
    ...(schema
      ? allFields(schema)
          .filter((f) => !NO_VALUE.has(f.type) && f.label.trim())
          .map((f) => f.label.trim())
      : []),
  ];
  return (
    <div data-testid="process-settings">
      <div className={s.panelType}>流程设置</div>
      <Form layout="vertical" className={s.panelForm}>
        <Form.Item
          label="标题规则"
          extra={`待办、申请列表和消息中的标题；点下方名称插入。留空时为「${DEFAULT_TITLE_TEMPLATE}」`}
        >
          <TextInput
            aria-label="标题规则"
            value={template}
            placeholder={DEFAULT_TITLE_TEMPLATE}
            maxLength={TITLE_MAX}
            showCount
            onChange={(e) => set(e.target.value)}
          />
        </Form.Item>
        <Space size={[4, 4]} wrap>
          {[...new Set(tokens)].map((t) => (
            <Button
              key={t}
              size="small"
              onClick={() => set(`${template}{${t}}`)}
              aria-label={`插入${t}`}
            >{`{${t}}`}</Button>
          ))}
        </Space>
        <Form.Item
          label="申请修改的审批流程"
          className={s.settingsGap}
          extra="已通过的申请被申请修改时，修改内容按此流程重新审批"
        >
          <Select
            aria-label="申请修改的审批流程"
            loading={sameForm.isFetching}
            options={editOptions}
            value={def.editProcessId ?? 0}
            onChange={(v: number) => setEditProcess(v || undefined)}
          />
        </Form.Item>
      </Form>
      <Empty
        className={s.settingsHint}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="点击画布上的节点编辑它的设置；从节点底部拖出连线连接下一个节点"
      />
    </div>
  );
}
