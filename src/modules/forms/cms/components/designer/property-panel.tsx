import { memo, useCallback } from 'react';
import { Form, Segmented, Tabs } from 'antd';
import { FORM_LIMITS, type FormSchema, type FormSection } from '@/shared/forms/schema';
import { TextInput } from '@/core/ui/text-input';
import {
  findField,
  type DesignerAction,
  type FieldPatch,
  type Selection,
} from '@/modules/forms/cms/designer/designer-state';
import { idsOf } from '@/modules/forms/cms/designer/field-catalog';
import { FieldProperties } from './field-properties';
import { FormSettingsPanel, type FormSettings } from './form-settings-panel';
import s from './designer.module.css';

function SectionProperties({ section, dispatch }: { section: FormSection; dispatch: (a: DesignerAction) => void }) {
  return (
    <Form layout="vertical" component="div" size="small" className={s.fieldForm}>
      <div className={s.panelHeading}>
        <strong>分区</strong>
      </div>
      <Form.Item label="分区标题" extra="留空则不显示标题">
        <TextInput
          aria-label="分区标题"
          value={section.title}
          maxLength={FORM_LIMITS.labelLength}
          showCount
          onChange={(e) =>
            dispatch({
              type: 'updateSection',
              id: section.id,
              patch: { title: e.target.value },
              key: `${section.id}.title`,
            })
          }
        />
      </Form.Item>
      <Form.Item label="每行列数" extra="字段按列排布；手机上总是一列">
        <Segmented
          aria-label="每行列数"
          value={section.columns}
          options={[1, 2, 3, 4].map((n) => ({ value: n, label: `${n} 列` }))}
          onChange={(v) => dispatch({ type: 'updateSection', id: section.id, patch: { columns: Number(v) } })}
        />
      </Form.Item>
      <div className={s.muted}>分区内共 {section.fields.length} 个字段。</div>
    </Form>
  );
}

export interface PropertyPanelProps {
  schema: FormSchema;
  selection: Selection;
  dispatch: (a: DesignerAction) => void;
  tab: 'props' | 'settings';
  onTab: (tab: 'props' | 'settings') => void;
  settings: FormSettings;
  onSettings: (patch: Partial<FormSettings>) => void;
}

/** The right pane: the selected field's or section's properties, and the form's settings. */
export const PropertyPanel = memo(function PropertyPanel({
  schema,
  selection,
  dispatch,
  tab,
  onTab,
  settings,
  onSettings,
}: PropertyPanelProps) {
  const field = selection?.kind === 'field' ? findField(schema, selection.id) : undefined;
  const section =
    selection?.kind === 'section'
      ? schema.sections.find((x) => x.id === selection.id)
      : field
        ? schema.sections.find((x) => x.fields.includes(field))
        : undefined;
  const fieldId = field?.id;
  const onPatch = useCallback(
    (patch: FieldPatch, key?: string) => {
      if (fieldId) dispatch({ type: 'updateField', id: fieldId, patch, key });
    },
    [dispatch, fieldId],
  );
  const isIdTaken = useCallback((id: string) => idsOf(schema).has(id), [schema]);

  let body;
  if (field && section) {
    body = (
      <FieldProperties
        key={field.id}
        field={field}
        columns={section.columns}
        isIdTaken={isIdTaken}
        onPatch={onPatch}
        schema={schema}
      />
    );
  } else if (section) {
    body = <SectionProperties key={section.id} section={section} dispatch={dispatch} />;
  } else {
    body = (
      <div className={s.panelEmpty}>
        在画布中点击字段或分区标题，
        <br />
        在这里编辑它的属性。
      </div>
    );
  }
  return (
    <aside className={s.panel} aria-label="属性">
      <Tabs
        activeKey={tab}
        onChange={(k) => onTab(k as 'props' | 'settings')}
        items={[
          {
            key: 'props',
            label: field ? '字段属性' : section ? '分区属性' : '属性',
            children: <div className={s.panelBody}>{body}</div>,
          },
          {
            key: 'settings',
            label: '表单设置',
            children: (
              <div className={s.panelBody}>
                <FormSettingsPanel
                  value={settings}
                  onChange={onSettings}
                  submitText={schema.submitText ?? ''}
                  onSubmitText={(text) => dispatch({ type: 'setSubmitText', text, key: 'submitText' })}
                />
              </div>
            ),
          },
        ]}
      />
    </aside>
  );
});
