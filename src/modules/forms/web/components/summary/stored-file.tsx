import { useEffect, useState } from 'react';
import { App, Image, Space, Spin } from 'antd';
import { FileImageOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/core/http';
import { saveFile } from '@/core/ui/save-file';
import type { FileRef } from '@/shared/forms/schema';
import s from './summary.module.css';

/**
 * Attachments of a submission. The file route serves non-public files to signed-in callers only,
 * and the token travels in the Authorization header, so an <img src> or <a href> cannot load them:
 * they are fetched through the request layer and shown from an object URL.
 */
const fetchFile = (url: string) => http.get<Blob>(url, { responseType: 'blob', silent: true }).then((r) => r.data);

/** An object URL for a stored file, revoked when the component goes. */
function useObjectUrl(url: string): { src: string | null; failed: boolean } {
  const blob = useQuery({
    queryKey: ['forms', 'file', url],
    queryFn: () => fetchFile(url),
    staleTime: Infinity,
    retry: false,
  });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return undefined;
    const u = URL.createObjectURL(blob.data);
    setSrc(u);
    return () => URL.revokeObjectURL(u);
  }, [blob.data]);
  return { src, failed: blob.isError };
}

/** A small picture of an image or signature; a click previews it full size. */
function Thumb({ file, size }: { file: FileRef; size: number }) {
  const { src, failed } = useObjectUrl(file.url);
  if (failed)
    return (
      <span className={s.thumbMissing} title={`${file.name}（无法加载）`}>
        <FileImageOutlined />
      </span>
    );
  if (!src)
    return (
      <span className={s.thumbMissing} style={{ width: size, height: size }}>
        <Spin size="small" />
      </span>
    );
  return <Image src={src} alt={file.name} title={file.name} width={size} height={size} className={s.thumb} />;
}

export function FileThumbs({ files, size = 28 }: { files: FileRef[]; size?: number }) {
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap={false}>
        {files.map((f) => (
          <Thumb key={f.id} file={f} size={size} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

/** Attachment names as links; a click downloads the file under its original name. */
export function FileLinks({ files }: { files: FileRef[] }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (f: FileRef) => {
    setBusy(f.id);
    try {
      saveFile(await fetchFile(f.url), f.name);
    } catch {
      message.error(`「${f.name}」下载失败，请稍后重试`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <span className={s.files}>
      {files.map((f) => (
        <a
          key={f.id}
          href={f.url}
          title={f.name}
          className={s.fileLink}
          onClick={(e) => {
            e.preventDefault();
            if (!busy) void download(f);
          }}
        >
          {busy === f.id ? <Spin size="small" /> : <PaperClipOutlined />} {f.name}
        </a>
      ))}
    </span>
  );
}
