import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, App, Button, Card, Popconfirm, Result, Skeleton, Space, Tag, Tooltip } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Background,
  Controls,
  Handle,
  MarkerType,
  Position,
  ReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type Node,
  type NodeChange,
  type NodeProps,
  type ReactFlowInstance,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { allFields, type FormSchema } from '@/shared/forms/schema';
import { TextInput } from '@/core/ui/text-input';
import { getForm, getFormVersion, getProcess, publishProcess, saveProcess } from '@/modules/workflow/api';
import {
  TIMEOUT_ACTION_LABELS,
  NODE_TYPE_LABELS,
  type ProcessDefinition,
  type ProcessDetail,
  type ProcessNode,
} from '@/modules/workflow/contract';
import { designProblems } from '../designer/design-problems';
import {
  ADDABLE,
  addNode,
  connect,
  edgeKey,
  edgeLabel,
  moveNode,
  remove,
  updateNode,
  type Edit,
} from '../designer/flow-logic';
import { processListPath } from '../paths';
import { describeAssignee, useRoles } from './assignee-editor';
import { NodePanel } from './node-panel';
import { ProcessSettings } from './process-settings';
import { PROCESS_STATUS_LABELS } from './process-list';
import { serverMessages } from './server-messages';
import type { Person } from './user-select';
import s from './designer.module.css';

type FlowData = { node: ProcessNode; info: string };
type FlowNode = Node<FlowData, 'process'>;

const TYPE_COLOR: Record<ProcessNode['type'], string> = {
  start: 'green',
  approval: 'blue',
  copy: 'cyan',
  condition: 'orange',
  parallel: 'purple',
  join: 'purple',
  timer: 'gold',
  end: 'default',
};

/** One node on the canvas: its type, name and a one-line summary; lines leave from the bottom. */
const ProcessNodeCard = memo(function ProcessNodeCard({ data, selected }: NodeProps<FlowNode>) {
  const n = data.node;
  return (
    <div className={`${s.node} ${selected ? s.nodeSelected : ''}`} data-testid={`flow-node-${n.id}`}>
      {n.type !== 'start' && <Handle type="target" position={Position.Top} />}
      <Tag color={TYPE_COLOR[n.type]}>{NODE_TYPE_LABELS[n.type]}</Tag>
      <div className={s.nodeName}>{n.name || NODE_TYPE_LABELS[n.type]}</div>
      {data.info && <div className={s.nodeInfo}>{data.info}</div>}
      {n.type !== 'end' && <Handle type="source" position={Position.Bottom} />}
    </div>
  );
});
const nodeTypes = { process: ProcessNodeCard };

function nodeInfo(
  n: ProcessNode,
  def: ProcessDefinition,
  schema: FormSchema | null,
  roleNames: ReadonlyMap<string, string>,
): string {
  if (n.type === 'approval') {
    const h = n.timeLimitHours;
    const limit = h ? ` · ${n.timeLimitUnit === 'days' ? `${Math.round((h / 24) * 10) / 10} 天` : `${h} 小时`}` : '';
    const act =
      n.onTimeout && n.onTimeout.action !== 'none' ? ` · 超时${TIMEOUT_ACTION_LABELS[n.onTimeout.action]}` : '';
    return `${describeAssignee(n.assignee, def, schema, roleNames)}${limit}${act}`;
  }
  if (n.type === 'timer') {
    const t = n.timer;
    if (!t) return '未设置';
    if (t.kind === 'duration') return `等待 ${t.hours} 小时`;
    const f = schema ? allFields(schema).find((x) => x.id === t.fieldId) : undefined;
    return `等到「${f?.label ?? t.fieldId}」${t.offsetHours ? `${t.offsetHours > 0 ? '后' : '前'} ${Math.abs(t.offsetHours)} 小时` : ''}`;
  }
  if (n.type === 'copy') return describeAssignee(n.assignee, def, schema, roleNames);
  if (n.type === 'condition') return `${n.branches?.length ?? 0} 个分支 + 默认`;
  if (n.type === 'join')
    return n.splitId ? `汇合「${def.nodes.find((x) => x.id === n.splitId)?.name ?? n.splitId}」` : '未选择并行节点';
  return '';
}

/** The schema the server checks a process against: the form's newest version, or its draft before any. */
async function formSchemaOf(formId: number): Promise<FormSchema> {
  const form = (await getForm(formId)).data;
  const latest = Math.max(0, ...form.versions.map((v) => v.version));
  return latest ? (await getFormVersion(formId, latest)).data : form.draft;
}

type Selection = { kind: 'node'; id: string } | { kind: 'edge'; key: string } | null;

function Designer({ detail }: { detail: ProcessDetail }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [def, setDef] = useState<ProcessDefinition>(detail.draft);
  const [name, setName] = useState(detail.name);
  const [saved, setSaved] = useState(() => JSON.stringify([detail.name, detail.draft]));
  const [sel, setSel] = useState<Selection>(null);
  const [measured, setMeasured] = useState<Record<string, { width: number; height: number }>>({});
  const [people, setPeople] = useState<Person[]>([]);
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  const schemaQ = useQuery({
    queryKey: ['workflow', 'formSchema', detail.formId],
    queryFn: () => formSchemaOf(detail.formId),
  });
  const schema = schemaQ.data ?? null;
  const roles = useRoles();
  const roleNames = useMemo(() => new Map((roles.data ?? []).map((r) => [r.code, r.name])), [roles.data]);

  const dirty = JSON.stringify([name, def]) !== saved;
  const problems = useMemo(() => designProblems(def, schema), [def, schema]);
  const apply = useCallback(
    (e: Edit) => {
      if (e.def) setDef(e.def);
      else message.warning(e.error);
    },
    [message],
  );

  const nodes: FlowNode[] = useMemo(
    () =>
      def.nodes.map((n) => ({
        id: n.id,
        type: 'process',
        position: { x: n.x ?? 0, y: n.y ?? 0 },
        data: { node: n, info: nodeInfo(n, def, schema, roleNames) },
        selected: sel?.kind === 'node' && sel.id === n.id,
        deletable: n.type !== 'start',
        ...(measured[n.id] ? { measured: measured[n.id] } : {}),
      })),
    [def, schema, roleNames, sel, measured],
  );
  const edges: Edge[] = useMemo(
    () =>
      def.edges.map((e) => ({
        id: edgeKey(e),
        source: e.from,
        target: e.to,
        label: edgeLabel(def, e),
        markerEnd: { type: MarkerType.ArrowClosed },
        selected: sel?.kind === 'edge' && sel.key === edgeKey(e),
      })),
    [def, sel],
  );

  const onNodesChange = useCallback((changes: NodeChange<FlowNode>[]) => {
    for (const c of changes) {
      if (c.type === 'position' && c.position) {
        const { x, y } = c.position;
        setDef((d) => moveNode(d, c.id, x, y));
      } else if (c.type === 'dimensions' && c.dimensions) {
        const dim = c.dimensions;
        setMeasured((m) => ({ ...m, [c.id]: dim }));
      } else if (c.type === 'select')
        setSel((cur) =>
          c.selected ? { kind: 'node', id: c.id } : cur?.kind === 'node' && cur.id === c.id ? null : cur,
        );
    }
  }, []);
  const onEdgesChange = useCallback((changes: EdgeChange[]) => {
    for (const c of changes)
      if (c.type === 'select')
        setSel((cur) =>
          c.selected ? { kind: 'edge', key: c.id } : cur?.kind === 'edge' && cur.key === c.id ? null : cur,
        );
  }, []);
  const onConnect = useCallback((c: Connection) => apply(connect(def, c.source, c.target)), [apply, def]);

  const deleteSelected = () => {
    if (!sel) return;
    apply(sel.kind === 'node' ? remove(def, [sel.id]) : remove(def, [], [sel.key]));
    setSel(null);
  };
  // New nodes appear in the middle of what the canvas shows, not below it out of sight.
  const flow = useRef<ReactFlowInstance<FlowNode, Edge> | null>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const add = (type: ProcessNode['type']) => {
    const rect = canvas.current?.getBoundingClientRect();
    const mid =
      flow.current && rect && rect.width
        ? flow.current.screenToFlowPosition({ x: rect.left + rect.width / 2 - 80, y: rect.top + rect.height / 2 - 40 })
        : undefined;
    const e = addNode(def, type, mid);
    apply(e);
    if (e.def) setSel({ kind: 'node', id: e.def.nodes.at(-1)!.id });
  };

  const save = useMutation({
    mutationFn: () => saveProcess({ id: detail.id, name: name.trim(), definition: def }),
    onSuccess: async () => {
      setSaved(JSON.stringify([name, def]));
      setServerProblems([]);
      await qc.invalidateQueries({ queryKey: ['workflow', 'processes'] });
    },
    onError: (err) => setServerProblems(serverMessages(err)),
  });
  const publish = useMutation({
    mutationFn: async () => {
      if (dirty) await save.mutateAsync();
      return (await publishProcess(detail.id)).data.version;
    },
    onSuccess: async (v) => {
      message.success(`已发布为第 ${v} 版`);
      setServerProblems([]);
      await qc.invalidateQueries({ queryKey: ['workflow'] });
    },
    onError: (err) => {
      const list = serverMessages(err);
      if (list.length) setServerProblems(list);
    },
  });
  // A half-finished design may be saved (the problems stay listed); publishing needs none left.
  const named = () => {
    if (!name.trim()) {
      message.warning('请填写流程名称');
      return false;
    }
    return true;
  };
  const ready = () => {
    if (!named()) return false;
    if (problems.length) {
      message.warning(`流程设计还有 ${problems.length} 处问题，请先修改再发布`);
      return false;
    }
    return true;
  };

  const selected = sel?.kind === 'node' ? def.nodes.find((n) => n.id === sel.id) : undefined;
  const shown = serverProblems.length ? serverProblems : problems;

  return (
    <Card>
      <div className={s.head}>
        <div className={s.title}>
          <Button icon={<ArrowLeftOutlined />} aria-label="返回流程列表" onClick={() => navigate(processListPath)} />
          <TextInput
            className={s.nameInput}
            aria-label="流程名称"
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
          />
          <Tag>{PROCESS_STATUS_LABELS[detail.status]}</Tag>
          <span className={s.hint}>
            绑定表单：{detail.formName}
            {detail.latestVersion ? ` · 当前 v${detail.latestVersion}` : ' · 未发布'}
            {dirty ? ' · 有未保存的修改' : ''}
          </span>
        </div>
        <Space>
          <Button
            loading={save.isPending}
            disabled={!dirty}
            onClick={() => {
              if (named()) save.mutate();
            }}
          >
            保存
          </Button>
          <Popconfirm
            title="发布流程？"
            description={dirty ? '将先保存当前设计，再发布为新版本' : '当前设计将发布为新版本，进行中的审批仍按原版本'}
            okText="发布"
            cancelText="取消"
            onConfirm={() => {
              if (ready()) publish.mutate();
            }}
          >
            <Button type="primary" loading={publish.isPending}>
              发布
            </Button>
          </Popconfirm>
        </Space>
      </div>
      <div className={s.body}>
        <div className={s.toolbar} aria-label="添加节点">
          {ADDABLE.map((t) => (
            <Button key={t} icon={<PlusOutlined />} onClick={() => add(t)}>
              {NODE_TYPE_LABELS[t]}
            </Button>
          ))}
          <Tooltip title="删除选中的节点或连线（也可按 Backspace）">
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={!sel || selected?.type === 'start'}
              onClick={deleteSelected}
            >
              删除
            </Button>
          </Tooltip>
        </div>
        <div className={s.canvas} data-testid="flow-canvas" ref={canvas}>
          <ReactFlow<FlowNode, Edge>
            nodes={nodes}
            edges={edges}
            nodeTypes={nodeTypes}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={onConnect}
            onInit={(i) => {
              flow.current = i;
            }}
            onDelete={({ nodes: ns, edges: es }) => {
              apply(
                remove(
                  def,
                  ns.map((n) => n.id),
                  es.map((e) => e.id),
                ),
              );
              setSel(null);
            }}
            fitView
            deleteKeyCode={['Backspace', 'Delete']}
            proOptions={{ hideAttribution: true }}
          >
            <Background />
            <Controls showInteractive={false} />
          </ReactFlow>
        </div>
        <div className={s.panel}>
          {selected ? (
            <NodePanel
              key={selected.id}
              node={selected}
              def={def}
              schema={schema}
              people={people}
              onPeople={(p) => setPeople((cur) => [...cur.filter((x) => !p.some((y) => y.id === x.id)), ...p])}
              onChange={(n) => setDef((d) => updateNode(d, n))}
            />
          ) : (
            <ProcessSettings processId={detail.id} formId={detail.formId} def={def} schema={schema} onChange={setDef} />
          )}
        </div>
      </div>
      {shown.length > 0 ? (
        <Alert
          className={s.problems}
          type={serverProblems.length ? 'error' : 'warning'}
          showIcon
          title={
            serverProblems.length
              ? '服务器未接受这个流程设计：'
              : `流程设计还有 ${shown.length} 处问题（修改后才能保存和发布）：`
          }
          description={
            <ul>
              {shown.map((m, i) => (
                <li key={i}>{m}</li>
              ))}
            </ul>
          }
        />
      ) : (
        <Alert className={s.problems} type="success" showIcon title="检查通过，可以保存和发布" />
      )}
    </Card>
  );
}

/** The designer of one process (processDesign?id=). */
export function ProcessDesigner({ id }: { id: number }) {
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['workflow', 'process', id],
    queryFn: () => getProcess(id).then((r) => r.data),
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
  if (q.isPending)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (q.isError || !q.data)
    return (
      <Result
        status="404"
        title="流程不存在或无法加载"
        extra={<Button onClick={() => navigate(processListPath)}>返回流程列表</Button>}
      />
    );
  return <Designer detail={q.data} />;
}
