import html from '@/core/ui/rich-text-editor.module.css';
import type { Attachment } from '../contract';
import s from './message-body.module.css';

const size = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;

/** A message's text and attachments as its recipients read them. */
export function MessageBody({ content, attachments }: { content: string; attachments: Attachment[] }) {
  return (
    <>
      {/* Safe: the server sanitises the text (src/server/rich-text) when the message is saved. */}
      <div className={`${html.html} ${s.body}`} dangerouslySetInnerHTML={{ __html: content }} />
      {attachments.length > 0 && (
        <ul className={s.files} aria-label="附件">
          {attachments.map((a) => (
            <li key={a.id}>
              <a href={a.url} target="_blank" rel="noreferrer" download={a.name}>
                {a.name}
              </a>{' '}
              <span className={s.size}>（{size(a.size)}）</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
