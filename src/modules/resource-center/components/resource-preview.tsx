import type { OpenAnswer } from '../contract';
import { fileSize } from './labels';

/**
 * A resource's body as the browser shows it: PDF in an embedded viewer, images, video (range
 * requests from the ticket address), office files as a download, links as a button. Plain
 * elements: the desktop and phone pages share it.
 */
export function ResourcePreview({ open, height = 640 }: { open: OpenAnswer; height?: number | string }) {
  const r = open.resource;
  switch (open.preview) {
    case 'pdf':
      return <iframe title={r.title} src={open.src} style={{ width: '100%', height, border: 0 }} />;
    case 'image':
      return <img src={open.src} alt={r.title} style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }} />;
    case 'video':
      return <video src={open.src} controls preload="metadata" style={{ width: '100%', maxHeight: height }} />;
    case 'link':
      return (
        <p style={{ textAlign: 'center', padding: 24 }}>
          <a href={open.src} target="_blank" rel="noopener noreferrer">
            打开链接：{open.src}
          </a>
        </p>
      );
    default:
      return (
        <p style={{ textAlign: 'center', padding: 24 }}>
          该文件不支持在线预览，
          <a href={open.src} download={r.fileName}>
            下载 {r.fileName}（{fileSize(r.size)}）
          </a>
        </p>
      );
  }
}
