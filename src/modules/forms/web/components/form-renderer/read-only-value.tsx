import { Image } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import type { ColumnField, FileRef } from '@/shared/forms/schema';
import { formatValue, isEmptyValue } from '@/shared/forms/values';
import { showError } from '@/core/ui/toast';
import { asFiles, asSignature } from '@/modules/forms/components/file-values';
import { formatSize } from '@/modules/forms/components/file-checks';
import { downloadFile, useFileUrl, useFileUrls } from '@/modules/forms/components/file-blobs';
import s from './form-renderer.module.css';

export const EMPTY_TEXT = '—';
const empty = <span className={s.empty}>{EMPTY_TEXT}</span>;

export const download = (f: FileRef) =>
  void downloadFile(f).then((ok) => {
    if (!ok) showError(`无法读取「${f.name}」，请登录后重试`);
  });

/** A signature picture (a private file: shown through its blob), or its name while it cannot be read. */
export function SignatureImage({ file, alt }: { file: FileRef; alt: string }) {
  const src = useFileUrl(file);
  return src ? <img className={s.signatureImage} src={src} alt={alt} /> : <span className={s.readText}>已签名</span>;
}

function Images({ files }: { files: FileRef[] }) {
  const srcs = useFileUrls(files);
  return (
    <Image.PreviewGroup>
      <div className={s.images}>
        {files.map((f) =>
          srcs[f.id] ? (
            <Image key={f.id} src={srcs[f.id]} alt={f.name} width={96} height={96} className={s.thumb} />
          ) : (
            <span key={f.id} className={s.readText}>
              {f.name}
            </span>
          ),
        )}
      </div>
    </Image.PreviewGroup>
  );
}

function Files({ files }: { files: FileRef[] }) {
  return (
    <ul className={s.files}>
      {files.map((f) => (
        <li key={f.id}>
          <PaperClipOutlined />{' '}
          <a
            href={f.url}
            onClick={(e) => {
              e.preventDefault();
              download(f);
            }}
          >
            {f.name}
          </a>
          <span className={s.fileSize}>{formatSize(f.size)}</span>
        </li>
      ))}
    </ul>
  );
}

/** A stored value as text (links and pictures for files, images and signatures). */
export function ReadOnlyValue({ field, value }: { field: ColumnField; value: unknown }) {
  if (field.type === 'signature') {
    const sig = asSignature(value);
    return sig ? <SignatureImage file={sig} alt={`${field.label}（签名）`} /> : empty;
  }
  if (field.type === 'image' || field.type === 'file') {
    const files = asFiles(value);
    if (!files.length) return empty;
    return field.type === 'image' ? <Images files={files} /> : <Files files={files} />;
  }
  if (isEmptyValue(value)) return empty;
  return <span className={s.readText}>{formatValue(field, value)}</span>;
}
