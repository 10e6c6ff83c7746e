import { Image } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import type { ColumnField } from '../../../../../shared/forms/schema';
import { formatValue, isEmptyValue } from '../../../../../shared/forms/values';
import { asFiles, asSignature } from '../../../components/file-values';
import { formatSize } from '../../../components/file-checks';
import s from './form-renderer.module.css';

export const EMPTY_TEXT = '—';

/** A stored value as text (links and pictures for files, images and signatures). */
export function ReadOnlyValue({ field, value }: { field: ColumnField; value: unknown }) {
  if (field.type === 'signature') {
    const sig = asSignature(value);
    return sig ? <img className={s.signatureImage} src={sig.url} alt={`${field.label}（签名）`} /> : <span className={s.empty}>{EMPTY_TEXT}</span>;
  }
  if (field.type === 'image') {
    const files = asFiles(value);
    if (!files.length) return <span className={s.empty}>{EMPTY_TEXT}</span>;
    return (
      <Image.PreviewGroup>
        <div className={s.images}>
          {files.map((f) => <Image key={f.id} src={f.url} alt={f.name} width={96} height={96} className={s.thumb} />)}
        </div>
      </Image.PreviewGroup>
    );
  }
  if (field.type === 'file') {
    const files = asFiles(value);
    if (!files.length) return <span className={s.empty}>{EMPTY_TEXT}</span>;
    return (
      <ul className={s.files}>
        {files.map((f) => (
          <li key={f.id}>
            <PaperClipOutlined /> <a href={f.url} target="_blank" rel="noreferrer" download={f.name}>{f.name}</a>
            <span className={s.fileSize}>{formatSize(f.size)}</span>
          </li>
        ))}
      </ul>
    );
  }
  if (isEmptyValue(value)) return <span className={s.empty}>{EMPTY_TEXT}</span>;
  return <span className={s.readText}>{formatValue(field, value)}</span>;
}
