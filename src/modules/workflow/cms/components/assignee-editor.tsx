import { Checkbox, Form, InputNumber, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { FormSchema } from '@/shared/forms/schema';
import { allFields } from '@/shared/forms/schema';
import { getRoles } from '@/modules/workflow/api';
import type { Assignee, ProcessDefinition } from '@/modules/workflow/contract';
import { UserSelect, type Person } from './user-select';

type Kind = Assignee['kind'];
export const ASSIGNEE_KIND_LABELS: Record<Kind, string> = {
  users: '指定人员',
  role: '角色',
  deptLeader: '申请人的部门负责人',
  leaderChain: '申请人的逐级上级',
  applicantPick: '申请人在表单中选择',
  nodePick: '由前面节点的审批人指定',
  applicant: '申请人本人',
};

function fresh(kind: Kind): Assignee | undefined {
  switch (kind) {
    case 'deptLeader':
    case 'applicant':
      return { kind };
    case 'leaderChain':
      return { kind, levels: 1 };
    // The others need a choice before they are complete; the checker says so until then.
    default:
      return undefined;
  }
}

/** Who a node's tasks go to: every kind of contract.Assignee, with the inputs each needs. */
export function AssigneeEditor({
  value,
  onChange,
  def,
  nodeId,
  schema,
  people,
  onPeople,
  what,
}: {
  value?: Assignee;
  onChange: (a: Assignee | undefined) => void;
  def: ProcessDefinition;
  nodeId: string;
  schema: FormSchema | null;
  people: Person[];
  onPeople: (p: Person[]) => void;
  what: string;
}) {
  const roles = useRoles(value?.kind === 'role');
  // A kind that still needs a choice is kept half-filled; designProblems lists it until it is complete.
  const setKind = (k: Kind) => onChange(fresh(k) ?? ({ kind: k } as unknown as Assignee));
  const userFields = schema ? allFields(schema).filter((f) => f.type === 'user') : [];
  const approvalNodes = def.nodes.filter((n) => n.type === 'approval' && n.id !== nodeId);
  return (
    <>
      <Form.Item label={`${what}类型`}>
        <Select
          aria-label={`${what}类型`}
          placeholder="请选择"
          value={value?.kind}
          onChange={setKind}
          options={(Object.keys(ASSIGNEE_KIND_LABELS) as Kind[]).map((k) => ({
            value: k,
            label: ASSIGNEE_KIND_LABELS[k],
          }))}
        />
      </Form.Item>
      {value?.kind === 'users' && (
        <Form.Item label={what} required>
          <UserSelect
            aria-label={what}
            multiple
            value={value.userIds ?? []}
            known={people}
            onChange={(v, chosen) => {
              onPeople(chosen);
              const ids = (v as number[] | undefined) ?? [];
              onChange(ids.length ? { kind: 'users', userIds: ids } : ({ kind: 'users' } as unknown as Assignee));
            }}
          />
        </Form.Item>
      )}
      {value?.kind === 'role' && (
        <>
          <Form.Item label="角色" required>
            <Select
              aria-label="角色"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="选择角色"
              loading={roles.isFetching}
              value={value.roleCode || undefined}
              options={(roles.data ?? []).map((r) => ({ value: r.code, label: r.name }))}
              onChange={(code: string) =>
                onChange({ kind: 'role', roleCode: code, ...(value.nearest ? { nearest: true } : {}) })
              }
            />
          </Form.Item>
          <Form.Item extra="只找申请人所在部门的该角色人员；没有时逐级向上找">
            <Checkbox
              checked={!!value.nearest}
              onChange={(e) =>
                onChange({ kind: 'role', roleCode: value.roleCode, ...(e.target.checked ? { nearest: true } : {}) })
              }
            >
              限申请人所在部门（就近）
            </Checkbox>
          </Form.Item>
        </>
      )}
      {value?.kind === 'leaderChain' && (
        <Form.Item label="向上级数" extra="从申请人部门起，逐级由各部门负责人审批">
          <InputNumber
            aria-label="向上级数"
            min={1}
            max={10}
            precision={0}
            value={value.levels}
            onChange={(v) => onChange({ kind: 'leaderChain', levels: v ?? 1 })}
          />
        </Form.Item>
      )}
      {value?.kind === 'applicantPick' && (
        <Form.Item
          label="表单中的人员字段"
          required
          extra={userFields.length ? undefined : '表单中没有人员字段，请先在表单设计中添加'}
        >
          <Select
            aria-label="表单中的人员字段"
            placeholder="选择人员字段"
            value={value.fieldId || undefined}
            options={userFields.map((f) => ({ value: f.id, label: f.label || f.id }))}
            onChange={(fieldId: string) => onChange({ kind: 'applicantPick', fieldId })}
          />
        </Form.Item>
      )}
      {value?.kind === 'nodePick' && (
        <Form.Item label="指定人所在节点" required extra="该节点的审批人同意时选择本节点的人员">
          <Select
            aria-label="指定人所在节点"
            placeholder="选择审批节点"
            value={value.nodeId || undefined}
            options={approvalNodes.map((n) => ({ value: n.id, label: n.name || n.id }))}
            onChange={(id: string) => onChange({ kind: 'nodePick', nodeId: id })}
          />
        </Form.Item>
      )}
    </>
  );
}

/** The roles the role picker offers (one cached list for the editor and the node cards). */
export const useRoles = (enabled = true) =>
  useQuery({ queryKey: ['workflow', 'roles'], queryFn: () => getRoles().then((r) => r.data), enabled });

/** A short description of the assignee for the node card; roles by name once the role list is known. */
export function describeAssignee(
  a: Assignee | undefined,
  def: ProcessDefinition,
  schema: FormSchema | null,
  roleNames?: ReadonlyMap<string, string>,
): string {
  if (!a) return '未设置';
  switch (a.kind) {
    case 'users':
      return a.userIds?.length ? `指定 ${a.userIds.length} 人` : '未选择人员';
    case 'role':
      return a.roleCode
        ? `角色：${roleNames?.get(a.roleCode) ?? '未知角色'}${a.nearest ? '（就近）' : ''}`
        : '未选择角色';
    case 'deptLeader':
      return '部门负责人';
    case 'applicant':
      return '申请人本人';
    case 'leaderChain':
      return `逐级上级 ${a.levels} 级`;
    case 'applicantPick': {
      const f = schema ? allFields(schema).find((x) => x.id === a.fieldId) : undefined;
      return a.fieldId ? `申请人选择：${f?.label ?? a.fieldId}` : '未选择字段';
    }
    case 'nodePick': {
      const n = def.nodes.find((x) => x.id === a.nodeId);
      return a.nodeId ? `由「${n?.name ?? a.nodeId}」指定` : '未选择节点';
    }
  }
}
