import { useEffect, useRef, useState } from 'react';
import { Button, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { FileRef } from '@/shared/forms/schema';
import { showError } from '@/core/ui/toast';
import { acceptAttribute, fileProblem, maxFiles, uploadHint } from '@/modules/forms/components/file-checks';
import { asFiles } from '@/modules/forms/components/file-values';
import { useFileUrls } from '@/modules/forms/components/file-blobs';
import { download } from './read-only-value';
import { useRenderer } from '@/modules/forms/components/renderer-context';
import { failureText } from '@/modules/forms/components/upload-failure';
import type { FieldInputProps } from '@/modules/forms/components/field-input-props';
import s from './form-renderer.module.css';

/**
 * File and image fields: each chosen file is checked (type, size, count) and uploaded at once;
 * the value holds only finished uploads, failures stay in the list with their reason until removed.
 */
export function UploadField({ field, value, onChange, disabled, id }: FieldInputProps) {
  const { upload } = useRenderer();
  const refs = asFiles(value);
  const [pending, setPending] = useState<UploadFile[]>([]);
  // Several files finish in any order: each appends to the newest list, not the one it started with.
  const latest = useRef(refs);
  useEffect(() => {
    latest.current = refs;
  });
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const image = field.type === 'image';
  const max = maxFiles(field);
  const busy = pending.filter((p) => p.status === 'uploading').length;
  const full = refs.length + busy >= max;

  const start = (file: File) => {
    const problem = fileProblem(field, file);
    if (problem) {
      showError(problem);
      return;
    }
    if (!upload) return;
    if (latest.current.length + pending.filter((p) => p.status === 'uploading').length >= max) {
      showError(`「${field.label}」最多上传 ${max} 个文件`);
      return;
    }
    const uid = `pending-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const thumbUrl = image && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined;
    setPending((p) => [...p, { uid, name: file.name, size: file.size, status: 'uploading', thumbUrl }]);
    upload(field.id, file).then(
      (ref: FileRef) => {
        if (!alive.current) return;
        setPending((p) => p.filter((x) => x.uid !== uid));
        const next = [...latest.current, ref];
        latest.current = next;
        onChange(next);
      },
      (e: unknown) => {
        if (!alive.current) return;
        setPending((p) =>
          p.map((x) =>
            x.uid === uid ? { ...x, status: 'error', error: { message: failureText(e) }, response: failureText(e) } : x,
          ),
        );
      },
    );
  };

  // Private files: no plain links; pictures through their blobs, a click downloads or opens one.
  const shown = useFileUrls(image ? refs : []);
  const list: UploadFile[] = [
    ...refs.map(
      (r): UploadFile => ({
        uid: r.id,
        name: r.name,
        size: r.size,
        status: 'done',
        thumbUrl: image ? shown[r.id] : undefined,
      }),
    ),
    ...pending,
  ];
  const preview = (f: UploadFile) => {
    const ref = refs.find((r) => r.id === f.uid);
    if (!ref) return;
    if (image && shown[ref.id]) window.open(shown[ref.id], '_blank', 'noopener');
    else download(ref);
  };
  const off = disabled || !upload;
  const hint = uploadHint(field, !!upload);
  return (
    <div className={s.upload}>
      <Upload
        id={id}
        fileList={list}
        listType={image ? 'picture-card' : 'text'}
        accept={acceptAttribute(field)}
        multiple={max > 1}
        disabled={off}
        beforeUpload={(file) => {
          start(file);
          return Upload.LIST_IGNORE;
        }}
        onRemove={(f) => {
          if (pending.some((p) => p.uid === f.uid)) setPending((p) => p.filter((x) => x.uid !== f.uid));
          else onChange(latest.current.filter((r) => r.id !== f.uid));
          return false;
        }}
        showUploadList={{ showRemoveIcon: !off, showPreviewIcon: image }}
        onPreview={preview}
      >
        {full || (off && image) ? null : image ? (
          <button type="button" className={s.pictureTrigger} disabled={off}>
            <PlusOutlined />
            <span>上传图片</span>
          </button>
        ) : (
          <Button icon={<UploadOutlined />} disabled={off}>
            选择文件
          </Button>
        )}
      </Upload>
      {hint && <div className={s.uploadHint}>{hint}</div>}
    </div>
  );
}
