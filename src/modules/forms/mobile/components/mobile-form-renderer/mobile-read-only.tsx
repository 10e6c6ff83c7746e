import { Image } from 'antd-mobile';
import type { ColumnField, FileRef } from '@/shared/forms/schema';
import { formatValue, isEmptyValue } from '@/shared/forms/values';
import { asFiles, asSignature } from '@/modules/forms/components/file-values';
import { formatSize } from '@/modules/forms/components/file-checks';
import { useFileUrls } from '@/modules/forms/components/file-blobs';
import { openFile, SignatureImage } from './mobile-upload-fields';
import s from './mobile-form-renderer.module.css';

export const EMPTY_TEXT = '—';

function Images({ files }: { files: FileRef[] }) {
  const srcs = useFileUrls(files);
  return (
    <div className={s.images}>
      {files.map((f) => (
        <Image key={f.id} src={srcs[f.id] ?? ''} alt={f.name} width={80} height={80} fit="cover" className={s.thumb} />
      ))}
    </div>
  );
}

/** A stored value as text (links and pictures for files, images and signatures). */
export function MobileReadOnlyValue({ field, value }: { field: ColumnField; value: unknown }) {
  const empty = <span className={s.empty}>{EMPTY_TEXT}</span>;
  if (field.type === 'signature') {
    const sig = asSignature(value);
    return sig ? <SignatureImage file={sig} alt={`${field.label}（签名）`} /> : empty;
  }
  if (field.type === 'image') {
    const files = asFiles(value);
    return files.length ? <Images files={files} /> : empty;
  }
  if (field.type === 'file') {
    const files = asFiles(value);
    return files.length ? (
      <ul className={s.files}>
        {files.map((f) => (
          <li key={f.id} className={s.file}>
            <a
              href={f.url}
              className={s.fileName}
              onClick={(e) => {
                e.preventDefault();
                openFile(f);
              }}
            >
              {f.name}
            </a>
            <span className={s.fileSize}>{formatSize(f.size)}</span>
          </li>
        ))}
      </ul>
    ) : (
      empty
    );
  }
  if (field.type !== 'switch' && isEmptyValue(value)) return empty;
  const text = formatValue(field, value);
  return text ? <span className={s.readText}>{text}</span> : empty;
}
