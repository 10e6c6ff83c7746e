import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Button, Segmented, Skeleton, Space } from 'antd';
import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import type { FormSchema, FormValues } from '@/shared/forms/schema';
import { validateSubmission, type FieldError } from '@/shared/forms/validate';
import { pickDepartments, searchPeopleAdmin } from '@/modules/forms/api';
import s from './designer/designer.module.css';

// The renderers load with the preview, not with the designer or the list.
const FormRenderer = lazy(() =>
  import('@/modules/forms/web/components/form-renderer').then((m) => ({ default: m.FormRenderer })),
);
const MobileFormRenderer = lazy(() =>
  import('@/modules/forms/mobile/components/mobile-form-renderer').then((m) => ({ default: m.MobileFormRenderer })),
);

export type PreviewDevice = 'desktop' | 'phone';

// The administrator is signed in, so the pickers search the real organisation; uploads stay off (nothing is submitted).
const pickers = {
  searchUsers: (keyword: string) => searchPeopleAdmin(keyword),
  departments: () => pickDepartments().then((r) => r.data),
};

export const DeviceSwitch = ({ value, onChange }: { value: PreviewDevice; onChange: (d: PreviewDevice) => void }) => (
  <Segmented
    aria-label="预览设备"
    value={value}
    onChange={(v) => onChange(v as PreviewDevice)}
    options={[
      { value: 'desktop', label: '桌面', icon: <DesktopOutlined /> },
      { value: 'phone', label: '手机', icon: <MobileOutlined /> },
    ]}
  />
);

/**
 * A form as its fillers will see it, at desktop width (1200 px) or in a 375 px phone frame,
 * with live values so linkage rules can be tried; 校验 runs the same check as the server.
 */
export function FormPreviewPane({
  schema,
  device,
  title,
  initialValues,
}: {
  schema: FormSchema;
  device: PreviewDevice;
  title: string;
  initialValues?: FormValues;
}) {
  const [values, setValues] = useState<FormValues>(() => initialValues ?? {});
  const [errors, setErrors] = useState<FieldError[] | null>(null);
  const labels = useMemo(() => new Map(schema.sections.flatMap((x) => x.fields).map((f) => [f.id, f.label])), [schema]);

  const check = () => setErrors(validateSubmission(schema, values).errors);
  const reset = () => {
    setValues(initialValues ?? {});
    setErrors(null);
  };
  const onChange = (next: FormValues) => {
    setValues(next);
    // Messages of a previous check go once the admin edits again; 校验 shows fresh ones.
    if (errors) setErrors(null);
  };

  const fallback = <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <div>
      <Space className={s.previewNote} wrap>
        <Button type="primary" onClick={check}>
          校验
        </Button>
        <Button onClick={reset}>清空填写</Button>
        <span className={s.muted}>预览中可以填写和试验联动规则，不会提交任何数据。</span>
      </Space>
      {errors &&
        (errors.length === 0 ? (
          <Alert className={s.previewNote} type="success" showIcon title="校验通过：按当前填写可以提交" />
        ) : (
          <Alert
            className={s.previewNote}
            type="error"
            showIcon
            title={`有 ${errors.length} 处填写不符合要求`}
            description={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {errors.map((e, i) => (
                  <li key={i}>
                    {labels.get(e.field) ?? e.field}
                    {e.row !== undefined ? ` 第 ${e.row + 1} 行` : ''}：{e.message}
                  </li>
                ))}
              </ul>
            }
          />
        ))}
      <div className={s.previewStage}>
        {device === 'desktop' ? (
          <div className={s.frameDesktop} data-testid="preview-desktop">
            <Suspense fallback={fallback}>
              <FormRenderer
                schema={schema}
                values={values}
                onChange={onChange}
                errors={errors ?? undefined}
                pickers={pickers}
                width="desktop"
              />
            </Suspense>
          </div>
        ) : (
          <div className={s.framePhone} data-testid="preview-phone">
            <div className={s.phoneTitle}>{title}</div>
            <div className={s.phoneScroll}>
              <Suspense fallback={fallback}>
                <MobileFormRenderer
                  schema={schema}
                  values={values}
                  onChange={onChange}
                  errors={errors ?? undefined}
                  pickers={pickers}
                />
              </Suspense>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
