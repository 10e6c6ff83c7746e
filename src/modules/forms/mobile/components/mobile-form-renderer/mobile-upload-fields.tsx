import { useEffect, useRef, useState } from 'react';
import { Button, Dialog, ImageUploader, Popup, Toast, type ImageUploadItem } from 'antd-mobile';
import { DeleteOutline, FileOutline } from 'antd-mobile-icons';
import type { FileRef } from '@/shared/forms/schema';
import {
  acceptAttribute,
  fileProblem,
  formatSize,
  maxFiles,
  NO_UPLOAD_IN_PREVIEW,
  uploadHint,
} from '@/modules/forms/components/file-checks';
import { asFiles } from '@/modules/forms/components/file-values';
import { downloadFile, useFileUrl, useFileUrls } from '@/modules/forms/components/file-blobs';
import { useRenderer } from '@/modules/forms/components/renderer-context';
import { SignatureCanvas } from '@/modules/forms/components/signature-canvas';
import { untoastedFailure } from '@/modules/forms/components/upload-failure';
import { useSignatureStep } from '@/modules/forms/components/use-signature-step';
import type { FieldInputProps } from '@/modules/forms/components/field-input-props';
import s from './mobile-form-renderer.module.css';

const failToast = (content: string) => Toast.show({ icon: 'fail', content });
// The request layer already toasts a server refusal; other failures need one here.
const toastFailure = (e: unknown) => {
  const text = untoastedFailure(e);
  if (text) failToast(text);
};

/** Download an attachment (a private file: read with the session). */
export const openFile = (f: FileRef) =>
  void downloadFile(f).then((ok) => {
    if (!ok) Toast.show({ content: `无法读取「${f.name}」，请登录后重试` });
  });

/** A signature picture through its blob, or '已签名' while it cannot be read. */
export function SignatureImage({ file, alt }: { file: FileRef; alt: string }) {
  const src = useFileUrl(file);
  return src ? <img className={s.signatureImage} src={src} alt={alt} /> : <div className={s.readText}>已签名</div>;
}

function Hint({ field, canUpload }: { field: FieldInputProps['field']; canUpload: boolean }) {
  const text = uploadHint(field, canUpload);
  return text ? <div className={s.hint}>{text}</div> : null;
}

/** Images: picked from the album or the camera, uploaded at once. */
export function MobileImageField({ field, value, onChange, disabled }: FieldInputProps) {
  const { upload } = useRenderer();
  const refs = asFiles(value);
  const latest = useRef(refs);
  useEffect(() => {
    latest.current = refs;
  });
  // Private files: pictures show through their blobs (a blank tile until read).
  const shown = useFileUrls(refs);
  const items: ImageUploadItem[] = refs.map((r) => ({ key: r.id, url: shown[r.id] ?? '', extra: r }));
  const max = maxFiles(field);
  return (
    <div>
      <ImageUploader
        value={items}
        maxCount={max}
        multiple={max > 1}
        accept={acceptAttribute(field) ?? 'image/*'}
        disableUpload={disabled || !upload}
        showUpload={!disabled && !!upload && refs.length < max}
        deletable={!disabled}
        onCountExceed={(n) => Toast.show({ content: `最多上传 ${max} 张，已忽略 ${n} 张` })}
        beforeUpload={(file) => {
          const problem = fileProblem(field, file);
          if (problem) {
            failToast(problem);
            return null;
          }
          return file;
        }}
        upload={async (file) => {
          try {
            const ref = await upload!(field.id, file);
            return { key: ref.id, url: URL.createObjectURL(file), extra: ref };
          } catch (e) {
            toastFailure(e);
            throw e;
          }
        }}
        onChange={(list) => {
          const next = list.map((i) => i.extra as FileRef).filter(Boolean);
          latest.current = next;
          onChange(next);
        }}
      />
      <Hint field={field} canUpload={!!upload} />
    </div>
  );
}

/** Attachments: a file chooser, each file uploaded at once and listed with its size. */
export function MobileFileField({ field, value, onChange, disabled, id }: FieldInputProps) {
  const { upload } = useRenderer();
  const refs = asFiles(value);
  const latest = useRef(refs);
  useEffect(() => {
    latest.current = refs;
  });
  const [busy, setBusy] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const max = maxFiles(field);

  const pick = async (files: FileList | null) => {
    if (!files || !upload) return;
    for (const file of Array.from(files)) {
      const problem = fileProblem(field, file);
      if (problem) {
        failToast(problem);
        continue;
      }
      if (latest.current.length >= max) {
        Toast.show({ content: `「${field.label}」最多上传 ${max} 个文件` });
        break;
      }
      setBusy((n) => n + 1);
      try {
        const ref = await upload(field.id, file);
        const next = [...latest.current, ref];
        latest.current = next;
        onChange(next);
      } catch (e) {
        toastFailure(e);
      } finally {
        setBusy((n) => n - 1);
      }
    }
    if (input.current) input.current.value = '';
  };

  return (
    <div>
      {refs.length > 0 && (
        <ul className={s.files}>
          {refs.map((r) => (
            <li key={r.id} className={s.file}>
              <FileOutline />
              <a
                href={r.url}
                className={s.fileName}
                onClick={(e) => {
                  e.preventDefault();
                  openFile(r);
                }}
              >
                {r.name}
              </a>
              <span className={s.fileSize}>{formatSize(r.size)}</span>
              {!disabled && (
                <button
                  type="button"
                  className={s.iconButton}
                  aria-label={`删除 ${r.name}`}
                  onClick={() => onChange(latest.current.filter((x) => x.id !== r.id))}
                >
                  <DeleteOutline />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {refs.length < max && (
        <Button
          id={id}
          size="middle"
          disabled={disabled || !upload}
          loading={busy > 0}
          loadingText="上传中"
          onClick={() => input.current?.click()}
          className={s.touch}
        >
          选择文件
        </Button>
      )}
      <input
        ref={input}
        type="file"
        hidden
        multiple={max > 1}
        accept={acceptAttribute(field)}
        onChange={(e) => void pick(e.target.files)}
      />
      <Hint field={field} canUpload={!!upload} />
    </div>
  );
}

/** Handwritten signature: a full-width pad in a bottom sheet (the step itself is useSignatureStep). */
export function MobileSignatureField({ field, value, onChange, disabled, id }: FieldInputProps) {
  const sig = useSignatureStep({ field, value, onChange, report: failToast });
  const { current } = sig;
  return (
    <div>
      {current && <SignatureImage file={current} alt={`${field.label}（已签名）`} />}
      <div className={s.buttons}>
        <Button id={id} size="middle" className={s.touch} disabled={disabled || !sig.canUpload} onClick={sig.begin}>
          {current ? '重新签名' : '点击签名'}
        </Button>
        {current && !disabled && sig.canUpload && (
          <Button
            size="middle"
            fill="none"
            className={s.touch}
            onClick={() => void Dialog.confirm({ content: '清除签名？', onConfirm: sig.remove })}
          >
            清除
          </Button>
        )}
      </div>
      {!sig.canUpload && <div className={s.hint}>{NO_UPLOAD_IN_PREVIEW}</div>}
      <Popup visible={sig.open} onMaskClick={sig.close} bodyClassName={s.sheet} destroyOnClose>
        <div className={s.sheetHeader}>
          <span className={s.sheetTitle}>{field.label}</span>
        </div>
        <div className={s.signatureSheet}>
          <SignatureCanvas ref={sig.pad} height={220} onInkChange={sig.setInked} />
        </div>
        <div className={s.sheetFooter}>
          <Button className={s.touch} onClick={sig.redo}>
            重写
          </Button>
          <Button className={s.touch} onClick={sig.close}>
            取消
          </Button>
          <Button
            className={s.touch}
            color="primary"
            disabled={!sig.inked}
            loading={sig.saving}
            onClick={() => void sig.confirm()}
          >
            确定
          </Button>
        </div>
      </Popup>
    </div>
  );
}
