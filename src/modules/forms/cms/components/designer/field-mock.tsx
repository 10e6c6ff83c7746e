import {
  CalendarOutlined,
  DownOutlined,
  EditOutlined,
  PictureOutlined,
  UploadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { FormField } from '@/shared/forms/schema';
import { FIELD_TYPE_LABELS } from '@/modules/forms/cms/designer/field-catalog';
import s from './designer.module.css';

/**
 * A still picture of a field's input on the canvas: cheap to render (no antd controls), so a
 * 200-field form stays light. The live controls are in the preview.
 */
export function FieldMock({ field }: { field: FormField }) {
  const ph = field.placeholder;
  switch (field.type) {
    case 'text':
    case 'number':
    case 'money':
      return (
        <div className={s.mock}>
          <span>{ph || '请输入'}</span>
          {field.unit && <span>{field.unit}</span>}
        </div>
      );
    case 'textarea':
      return <div className={`${s.mock} ${s.mockTall}`}>{ph || '请输入'}</div>;
    case 'date':
    case 'datetime':
      return (
        <div className={s.mock}>
          <span>{ph || '请选择日期'}</span>
          <CalendarOutlined />
        </div>
      );
    case 'dateRange':
      return (
        <div className={s.mock}>
          <span>开始日期 → 结束日期</span>
          <CalendarOutlined />
        </div>
      );
    case 'select':
    case 'multiSelect':
    case 'cascader':
      return (
        <div className={s.mock}>
          <span>{ph || '请选择'}</span>
          <DownOutlined />
        </div>
      );
    case 'radio':
    case 'checkbox': {
      const mark = field.type === 'radio' ? '○' : '□';
      const options = field.options ?? [];
      return (
        <div className={s.mockChoices}>
          {options.slice(0, 6).map((o) => (
            <span key={o.value}>
              {mark} {o.label}
            </span>
          ))}
          {options.length > 6 && <span>… 共 {options.length} 项</span>}
        </div>
      );
    }
    case 'switch':
      return (
        <div className={s.mockChoices}>
          <span className={s.mockSwitch} aria-hidden />
          <span>{field.default?.kind === 'static' && field.default.value === true ? '默认开启' : '默认关闭'}</span>
        </div>
      );
    case 'user':
    case 'department':
      return (
        <div className={s.mock}>
          <span>{ph || (field.type === 'user' ? '选择人员' : '选择部门')}</span>
          <UserOutlined />
        </div>
      );
    case 'file':
      return (
        <div className={s.mock}>
          <span>
            <UploadOutlined /> 上传附件{field.accept?.length ? `（${field.accept.join('、')}）` : ''}
          </span>
        </div>
      );
    case 'image':
      return (
        <div className={s.mock}>
          <span>
            <PictureOutlined /> 上传图片
          </span>
        </div>
      );
    case 'signature':
      return (
        <div className={`${s.mock} ${s.mockTall}`}>
          <span>
            <EditOutlined /> 手写签名区
          </span>
        </div>
      );
    case 'subTable':
      return (
        <table className={s.mockTable}>
          <thead>
            <tr>
              {(field.columns ?? []).map((c) => (
                <th key={c.id}>
                  {c.required && <span className={s.required}>*</span>}
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
        </table>
      );
    case 'richText':
      // Sanitised by the server on save; what the admin typed in Tiptap otherwise.
      return <div className={s.mockRich} dangerouslySetInnerHTML={{ __html: field.content ?? '' }} />;
    case 'divider':
      return <div className={s.mockDivider}>{field.label}</div>;
    default:
      return (
        <div className={s.mock}>{FIELD_TYPE_LABELS[field.type as keyof typeof FIELD_TYPE_LABELS] ?? field.type}</div>
      );
  }
}
