import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useBlocker, useNavigate, useSearchParams } from 'react-router-dom';
import { App, Alert, Button, Popconfirm, Result, Segmented, Skeleton, Space, Tag, Tooltip } from 'antd';
import {
  ArrowLeftOutlined,
  EyeOutlined,
  RedoOutlined,
  SaveOutlined,
  SendOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DISPLAY_TYPES, type FieldType, type FormSchema } from '@/shared/forms/schema';
import { checkFormSchema } from '@/shared/forms/check-schema';
import { HttpError } from '@/core/http';
import { getForm, publishForm, saveForm } from '@/modules/forms/api';
import { FORM_STATUS_LABELS, type FormDetail, type FormStatus } from '@/modules/forms/contract';
import {
  canRedo,
  canUndo,
  designerReducer,
  findField,
  initDesigner,
  isDirty,
  locateField,
  type DesignerAction,
} from '../designer/designer-state';
import { FIELD_TYPE_LABELS, createField, createSection, idsOf, newId } from '../designer/field-catalog';
import { Canvas, type CanvasActions } from '../components/designer/canvas';
import { Palette } from '../components/designer/palette';
import { PropertyPanel } from '../components/designer/property-panel';
import { RuleBuilder } from '../components/designer/rule-builder';
import type { FormSettings } from '../components/designer/form-settings-panel';
import { fillBody, fillDraftOf, fillProblem, savedFill } from '../components/designer/fill-settings';
import { ChecksEditor } from '../components/designer/checks-editor';
import { designerCollision, dropTarget, isAfter, parseDragId, type DragRef } from '../components/designer/dnd';
import { FieldIcon } from '../components/designer/field-icon';
import { DeviceSwitch, FormPreviewPane, type PreviewDevice } from '../components/form-preview-pane';
import { serverMessages } from '../components/server-messages';
import { MANAGE_PATH } from '../paths';
import s from '../components/designer/designer.module.css';

const STATUS_COLOR: Record<FormStatus, string> = { draft: 'default', published: 'success', disabled: 'warning' };

type View = 'design' | 'rules' | 'checks' | 'preview';

// A few pixels of movement before a drag starts, so a click still selects.
const POINTER_OPTIONS = { activationConstraint: { distance: 5 } };
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };

const settingsOf = (d: FormDetail): FormSettings => ({
  name: d.name,
  category: d.category,
  description: d.description,
  access: d.access,
  audience: d.audience,
  managers: d.managers,
  fill: fillDraftOf(d.fill),
});
const sameSettings = (a: FormSettings, b: FormSettings) => JSON.stringify(a) === JSON.stringify(b);

/** The designer for one loaded form. */
function Designer({ detail }: { detail: FormDetail }) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [state, dispatch] = useReducer(designerReducer, detail.draft, initDesigner);
  const [settings, setSettings] = useState<FormSettings>(() => settingsOf(detail));
  const [savedSettings, setSavedSettings] = useState<FormSettings>(() => settingsOf(detail));
  const [status, setStatus] = useState<FormStatus>(detail.status);
  const [latestVersion, setLatestVersion] = useState<number | null>(
    detail.versions.length ? Math.max(...detail.versions.map((v) => v.version)) : null,
  );
  const [view, setView] = useState<View>('design');
  const [device, setDevice] = useState<PreviewDevice>('desktop');
  const [panelTab, setPanelTab] = useState<'props' | 'settings'>('props');
  const [problems, setProblems] = useState<{ title: string; list: string[] } | null>(null);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [dragging, setDragging] = useState<DragRef | null>(null);

  const dirty = isDirty(state) || !sameSettings(settings, savedSettings);
  // Callbacks handed to memoised children read the newest values through refs, so they never change.
  const live = useRef({ state, settings, dirty });
  live.current = { state, settings, dirty };

  const onSettings = useCallback((patch: Partial<FormSettings>) => setSettings((cur) => ({ ...cur, ...patch })), []);

  const addField = useCallback((type: FieldType, target?: { sectionId: string; index: number }) => {
    const { schema, selection } = live.current.state;
    let sectionId = target?.sectionId;
    if (!sectionId) {
      if (selection?.kind === 'section') sectionId = selection.id;
      else if (selection?.kind === 'field')
        sectionId = schema.sections[locateField(schema, selection.id)?.section ?? -1]?.id;
      sectionId ??= schema.sections[schema.sections.length - 1]!.id;
    }
    dispatch({ type: 'addField', field: createField(type, idsOf(schema)), sectionId, index: target?.index });
    setPanelTab('props');
  }, []);

  const actions = useMemo<CanvasActions>(
    () => ({
      selectField: (id) => {
        dispatch({ type: 'select', selection: { kind: 'field', id } });
        setPanelTab('props');
      },
      selectSection: (id) => {
        dispatch({ type: 'select', selection: { kind: 'section', id } });
        setPanelTab('props');
      },
      duplicateField: (id) => {
        const schema = live.current.state.schema;
        const field = findField(schema, id);
        if (field)
          dispatch({
            type: 'duplicateField',
            id,
            copy: { ...field, id: newId('field', idsOf(schema)), label: `${field.label} 副本`.slice(0, 60) },
          });
      },
      removeField: (id) => dispatch({ type: 'removeField', id }),
      moveSection: (id, delta) => {
        const index = live.current.state.schema.sections.findIndex((x) => x.id === id);
        dispatch({ type: 'moveSection', id, index: index + delta });
      },
      removeSection: (id) => dispatch({ type: 'removeSection', id }),
      addSection: () => {
        const schema = live.current.state.schema;
        dispatch({ type: 'addSection', section: createSection(idsOf(schema), schema.sections.length + 1) });
        setPanelTab('props');
      },
    }),
    [],
  );

  const setRules = useCallback(
    (rules: FormSchema['rules'], key?: string) => dispatch({ type: 'setRules', rules, key }),
    [],
  );

  const setChecks = useCallback(
    (checks: NonNullable<FormSchema['checks']>, key?: string) => dispatch({ type: 'setChecks', checks, key }),
    [],
  );

  // --- drag and drop ---
  // Sensor options must keep their identity: new ones re-render every draggable card on each keystroke.
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));
  const onDragStart = useCallback((e: DragStartEvent) => setDragging(parseDragId(e.active.id)), []);
  const onDragEnd = useCallback(
    (e: DragEndEvent) => {
      setDragging(null);
      const active = parseDragId(e.active.id);
      const over = e.over ? parseDragId(e.over.id) : null;
      if (!active || !over) return;
      const schema = live.current.state.schema;
      const target = dropTarget(schema, active, over, isAfter(e.active.rect.current.translated, e.over?.rect));
      if (!target) return;
      if (active.kind === 'palette') addField(active.type, target);
      else if (active.kind === 'field')
        dispatch({ type: 'moveField', id: active.id, sectionId: target.sectionId, index: target.index });
    },
    [addField],
  );

  // --- save and publish ---
  const save = useCallback(async (): Promise<boolean> => {
    const { state: st, settings: set } = live.current;
    if (!set.name.trim()) {
      setPanelTab('settings');
      message.error('请填写表单名称');
      return false;
    }
    const fillError = fillProblem(set.fill, set.access);
    if (fillError) {
      setPanelTab('settings');
      message.error(fillError);
      return false;
    }
    setBusy('save');
    try {
      await saveForm({
        id: detail.id,
        name: set.name.trim(),
        category: set.category.trim(),
        description: set.description.trim(),
        access: set.access,
        audience: set.audience,
        managerIds: set.managers.map((m) => m.id),
        schema: st.schema,
        fill: fillBody(set.fill, set.access),
      });
      dispatch({ type: 'markSaved', schema: st.schema });
      // A new or removed password is now the stored state (已设置 or none); the box closes.
      const stored = { ...set, fill: savedFill(set.fill, set.access) };
      setSavedSettings(stored);
      setSettings((cur) => (cur === set ? stored : cur));
      setProblems(null);
      void qc.invalidateQueries({ queryKey: ['forms', 'list'] });
      return true;
    } catch (err) {
      const list = serverMessages(err);
      // 填写设置 refused (0x00000966: unknown department, window, password) comes as one message.
      if (!list.length && err instanceof HttpError && err.status === 400 && err.message) list.push(err.message);
      if (list.length) setProblems({ title: '服务器未保存：请先修改以下问题', list });
      return false;
    } finally {
      setBusy(null);
    }
  }, [detail.id, message, qc]);

  const onSave = useCallback(async () => {
    if (await save()) message.success('已保存');
  }, [save, message]);

  const publish = async () => {
    const schema = live.current.state.schema;
    const list = checkFormSchema(schema);
    if (!schema.sections.some((x) => x.fields.some((f) => !DISPLAY_TYPES.includes(f.type))))
      list.push('表单至少需要一个填写项才能发布');
    if (list.length) {
      setProblems({ title: '发布前请先修改以下问题', list });
      return;
    }
    if (live.current.dirty && !(await save())) return;
    setBusy('publish');
    try {
      const v = (await publishForm(detail.id)).data;
      setStatus('published');
      setLatestVersion(v.version);
      setProblems(null);
      message.success(`已发布第 ${v.version} 版`);
      void qc.invalidateQueries({ queryKey: ['forms'] });
    } catch (err) {
      const msgs = serverMessages(err);
      if (msgs.length) setProblems({ title: '发布失败：请先修改以下问题', list: msgs });
    } finally {
      setBusy(null);
    }
  };

  // --- keyboard: undo/redo/save outside text inputs (those keep their own undo) ---
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === 's') {
        e.preventDefault();
        void onSave();
        return;
      }
      const target = e.target as HTMLElement | null;
      if (target?.closest?.('input, textarea, [contenteditable="true"]')) return;
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        dispatch({ type: 'undo' });
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        dispatch({ type: 'redo' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onSave]);

  // --- leaving with unsaved changes ---
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (!live.current.dirty) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, []);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      live.current.dirty &&
      currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: '有未保存的修改',
      content: '离开后，本次的修改将会丢失。',
      okText: '放弃修改并离开',
      okButtonProps: { danger: true },
      cancelText: '留在此页',
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);

  const overlayLabel =
    dragging?.kind === 'palette'
      ? FIELD_TYPE_LABELS[dragging.type]
      : dragging?.kind === 'field'
        ? findField(state.schema, dragging.id)?.label
        : undefined;
  const overlayType =
    dragging?.kind === 'palette'
      ? dragging.type
      : dragging?.kind === 'field'
        ? findField(state.schema, dragging.id)?.type
        : undefined;

  return (
    <div className={s.designer}>
      <div className={s.toolbar}>
        <div className={s.toolbarTitle}>
          <Tooltip title="返回表单管理">
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label="返回表单管理"
              onClick={() => navigate(MANAGE_PATH)}
            />
          </Tooltip>
          <span className={s.formName} title={settings.name}>
            {settings.name || '未命名表单'}
          </span>
          <Tag color={STATUS_COLOR[status]}>{FORM_STATUS_LABELS[status]}</Tag>
          {latestVersion !== null && <span className={s.muted}>最新版本 v{latestVersion}</span>}
          {dirty ? <Tag color="orange">有未保存的修改</Tag> : <span className={s.muted}>已保存</span>}
        </div>
        <Space>
          <Tooltip title="撤销（Ctrl+Z）">
            <Button
              icon={<UndoOutlined />}
              aria-label="撤销"
              disabled={!canUndo(state)}
              onClick={() => dispatch({ type: 'undo' })}
            />
          </Tooltip>
          <Tooltip title="重做（Ctrl+Shift+Z / Ctrl+Y）">
            <Button
              icon={<RedoOutlined />}
              aria-label="重做"
              disabled={!canRedo(state)}
              onClick={() => dispatch({ type: 'redo' })}
            />
          </Tooltip>
          <Segmented
            aria-label="视图"
            value={view}
            onChange={(v) => setView(v as View)}
            options={[
              { value: 'design', label: '设计' },
              { value: 'rules', label: `联动规则（${state.schema.rules.length}）` },
              { value: 'checks', label: `校验规则（${state.schema.checks?.length ?? 0}）` },
              { value: 'preview', label: '预览', icon: <EyeOutlined /> },
            ]}
          />
          <Tooltip title="保存（Ctrl+S）">
            <Button
              icon={<SaveOutlined />}
              loading={busy === 'save'}
              disabled={busy !== null}
              onClick={() => void onSave()}
            >
              保存
            </Button>
          </Tooltip>
          <Popconfirm
            title="发布表单？"
            description={
              latestVersion
                ? `将保存当前设计并发布为第 ${latestVersion + 1} 版，之后的提交使用新版本。`
                : '将保存当前设计并发布第 1 版。'
            }
            okText="发布"
            cancelText="取消"
            onConfirm={() => publish()}
          >
            <Button type="primary" icon={<SendOutlined />} loading={busy === 'publish'} disabled={busy !== null}>
              发布
            </Button>
          </Popconfirm>
        </Space>
      </div>
      {problems && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setProblems(null), 'aria-label': '关闭' }}
          title={problems.title}
          description={
            <ul style={{ margin: 0, paddingLeft: 18, maxHeight: 160, overflow: 'auto' }}>
              {problems.list.map((m, i) => (
                <li key={i}>{m}</li>
              ))}
            </ul>
          }
          banner
        />
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={designerCollision}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
      >
        <div className={s.body}>
          {view === 'design' && <Palette onAdd={addField} />}
          <main className={s.center}>
            {view === 'preview' && (
              <div className={s.centerBar}>
                <span className={s.muted}>预览使用当前未保存的设计</span>
                <DeviceSwitch value={device} onChange={setDevice} />
              </div>
            )}
            <div
              className={s.scroll}
              onClick={() => view === 'design' && dispatch({ type: 'select', selection: null })}
            >
              {view === 'design' && <Canvas schema={state.schema} selection={state.selection} actions={actions} />}
              {view === 'rules' && <RuleBuilder schema={state.schema} onChange={setRules} />}
              {view === 'checks' && <ChecksEditor schema={state.schema} onChange={setChecks} />}
              {view === 'preview' && <FormPreviewPane schema={state.schema} device={device} title={settings.name} />}
            </div>
          </main>
          <PropertyPanel
            schema={state.schema}
            selection={state.selection}
            dispatch={dispatch as (a: DesignerAction) => void}
            tab={panelTab}
            onTab={setPanelTab}
            settings={settings}
            onSettings={onSettings}
          />
        </div>
        <DragOverlay dropAnimation={null}>
          {overlayType ? (
            <div className={s.overlay}>
              <FieldIcon type={overlayType} /> {overlayLabel}
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
    </div>
  );
}

/** /cms/workflow/formDesign?id= — the form designer. */
export default function FormDesignPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({
    queryKey: ['forms', 'detail', id],
    queryFn: () => getForm(id).then((r) => r.data),
    enabled: valid,
    // The designer owns the document while it is open: no background refetch may replace it.
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const back = (
    <Button type="primary" onClick={() => navigate(MANAGE_PATH)}>
      返回表单管理
    </Button>
  );
  if (!valid) return <Result status="404" title="未指定要设计的表单" extra={back} />;
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (detail.isError)
    return <Result status="error" title="表单加载失败" subTitle={detail.error.message} extra={back} />;
  return <Designer key={detail.data.id} detail={detail.data} />;
}
