import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Breadcrumb, Card, Space, Tag, Typography } from 'antd';
import html from '@/core/ui/rich-text-editor.module.css';
import { AUDIENCE_LABELS, type ItemGuide } from '../../contract';
import { ModeTags } from '../../components/labels';
import s from './hall.module.css';

/** Sanitised by the server when saved (src/server/rich-text), never stored raw. */
export function RichText({ value }: { value: string }) {
  return value.trim() ? <div className={html.html} dangerouslySetInnerHTML={{ __html: value }} /> : <span>—</span>;
}

/** The item's name, tags and the breadcrumb back to the catalogue. */
export function GuideHeader({ g, extra }: { g: ItemGuide; extra?: ReactNode }) {
  return (
    <>
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[{ title: <Link to="/web/eventService/index">办事大厅</Link> }, { title: g.name }]}
      />
      <Card className={s.section}>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {g.name}
            </Typography.Title>
            <div className={s.meta} style={{ marginTop: 6 }}>
              {g.departmentName} · {g.theme} · 服务对象：{g.audiences.map((a) => AUDIENCE_LABELS[a]).join('、')} ·{' '}
              {g.useCount} 人次办理
            </div>
            <div style={{ marginTop: 8 }}>
              <ModeTags modes={g.modes} />
              {g.status !== 'published' && <Tag color="red">未发布（预览）</Tag>}
            </div>
          </div>
          {extra}
        </Space>
      </Card>
    </>
  );
}
