import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Table, Tag } from 'antd';
import { myPermits, permitDocument } from '../../api';
import { PERMIT_STATUS_LABELS, type PermitDocument, type PermitRow } from '../../contract';
import { PERMIT_STATUS_COLORS, idParam, time } from '../../components/labels';
import s from './service-booking.module.css';

const PAGE_SIZE = 10;

/**
 * /web/eventService/electronicWorkPermit: my electronic permits; ?id= shows one as a printable A4
 * document with its QR code and verification code (also the back office's print view).
 */
export default function PermitPage() {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  return id ? <PermitSheet id={id} /> : <MyPermits />;
}

function MyPermits() {
  const [page, setPage] = useState(1);
  const q = { page, pageSize: PAGE_SIZE };
  const list = useQuery({
    queryKey: ['permit', 'mine', q],
    queryFn: () => myPermits(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return (
    <Card title="我的电子证照">
      <Table<PermitRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: '暂无电子证照，相关事项审批通过后自动签发' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: '证照', dataIndex: 'title', render: (t: string, r) => <Link to={`?id=${r.id}`}>{t}</Link> },
          { title: '事项', dataIndex: 'itemName' },
          { title: '签发部门', dataIndex: 'departmentName' },
          { title: '验证码', dataIndex: 'code', render: (c: string) => <code>{c}</code> },
          { title: '签发时间', dataIndex: 'issuedAt', width: 150, render: (v: number) => time(v) },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (v: PermitRow['status']) => <Tag color={PERMIT_STATUS_COLORS[v]}>{PERMIT_STATUS_LABELS[v]}</Tag>,
          },
          {
            title: '操作',
            key: 'op',
            width: 100,
            render: (_: unknown, r) => <Link to={`?id=${r.id}`}>查看/打印</Link>,
          },
        ]}
      />
    </Card>
  );
}

function PermitSheet({ id }: { id: number }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const doc = useQuery({ queryKey: ['permit', 'document', id], queryFn: () => permitDocument(id).then((r) => r.data) });
  if (doc.isPending) return <Card loading />;
  if (!doc.data) return <Empty description="证照不存在" />;
  return (
    <div>
      <Space className={`${s.bar} ${s.noPrint}`}>
        <Button onClick={() => navigate(pathname)}>返回列表</Button>
        <Button type="primary" onClick={() => window.print()}>
          打印 / 保存为 PDF
        </Button>
      </Space>
      <PermitSheetBody d={doc.data} />
    </div>
  );
}

/** The permit as printed: title, holder, item, dates, QR code and verification code. */
export function PermitSheetBody({ d }: { d: PermitDocument }) {
  return (
    <article className={s.permit} aria-label="电子证照">
      {d.status === 'revoked' ? <div className={s.revoked}>已撤销</div> : null}
      <h1 className={s.permitTitle}>{d.title}</h1>
      <div className={s.permitBody}>
        <div>
          持证人：{d.holderName}（{d.holderNo}）
        </div>
        <div>办理事项：{d.itemName}</div>
        <div>签发部门：{d.departmentName}</div>
        <div>签发日期：{time(d.issuedAt).slice(0, 10)}</div>
        <div>有效期至：{d.validUntil ? time(d.validUntil).slice(0, 10) : '长期有效'}</div>
        {d.status === 'revoked' ? (
          <div>
            撤销时间：{time(d.revokedAt)}，原因：{d.revokeReason}
          </div>
        ) : null}
      </div>
      <div className={s.permitFoot}>
        <div>
          <div>验证码</div>
          <div className={s.permitCode}>{d.code}</div>
          <div style={{ fontSize: 13, color: '#666', marginTop: 8 }}>
            扫描二维码或访问 {d.verifyPath.split('?')[0]} 输入验证码核验真伪
          </div>
        </div>
        <img src={d.qr} alt={`核验二维码 ${d.code}`} width={150} height={150} />
      </div>
    </article>
  );
}
