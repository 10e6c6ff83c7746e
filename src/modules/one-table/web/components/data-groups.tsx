import { Link } from 'react-router-dom';
import { Alert, Card, Descriptions, Empty, Space, Table, Tag, Typography } from 'antd';
import type { DataGroupView, DataRowView, DataValue } from '../../contract';
import { correctionLink, time } from './labels';
import { MaskedValue } from './masked-value';

function ValueCell({ g, r, v, userNo }: { g: DataGroupView; r: DataRowView; v: DataValue; userNo?: string }) {
  return (
    <Space size={4} wrap>
      <MaskedValue v={v} tableCode={g.tableCode} rowId={r.rowId} userNo={userNo} />
      {v.pending && <Tag color="processing">纠错审核中</Tag>}
      {v.correctable && !v.pending && <Link to={correctionLink(g.tableCode, r.rowId, v.name)}>纠错</Link>}
    </Space>
  );
}

/** The person's groups as configured: one record as a description list, several as a table. */
export function DataGroups({ groups, userNo }: { groups: DataGroupView[]; userNo?: string }) {
  if (!groups.length) return <Empty description="暂无可显示的数据" />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {groups.map((g) => (
        <Card
          key={g.key}
          title={g.title}
          size="small"
          extra={
            g.available ? (
              <Typography.Text type="secondary">
                来源：{g.source}
                {g.rows[0]?.updatedAt ? ` · 最近同步 ${time(Math.max(...g.rows.map((r) => r.updatedAt ?? 0)))}` : ''}
              </Typography.Text>
            ) : null
          }
        >
          {!g.available ? (
            <Alert type="info" showIcon title="该数据尚未接入数据中心" />
          ) : !g.rows.length ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
          ) : g.rows.length === 1 ? (
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered>
              {g.rows[0]!.values.map((v) => (
                <Descriptions.Item key={v.name} label={v.label}>
                  <ValueCell g={g} r={g.rows[0]!} v={v} userNo={userNo} />
                </Descriptions.Item>
              ))}
            </Descriptions>
          ) : (
            <Table<DataRowView>
              size="small"
              rowKey="rowId"
              pagination={false}
              dataSource={g.rows}
              scroll={{ x: 'max-content' }}
              columns={[
                ...g.rows[0]!.values.map((v0, i) => ({
                  title: v0.label,
                  key: v0.name,
                  render: (_: unknown, r: DataRowView) => <ValueCell g={g} r={r} v={r.values[i]!} userNo={userNo} />,
                })),
                { title: '更新时间', key: '_t', render: (_: unknown, r: DataRowView) => time(r.updatedAt) },
              ]}
              footer={g.more ? () => '仅显示最近 20 条' : undefined}
            />
          )}
        </Card>
      ))}
    </Space>
  );
}
