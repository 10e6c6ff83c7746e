import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Typography } from 'antd';
import { EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { getTableView } from '../../api';
import { RowsBrowser } from '../components/rows-browser';
import { VisibleTableList, VisibleTablePicker } from '../components/table-picker';
import { useTableId } from '../components/use-table-id';
import s from '../../components/data-tables.module.css';

/**
 * /web/datasource/dataTable 数据表: browse a table the user may see (its department's tables, and
 * rows scoped to its department in others'); owners go on to edit and to the operation records.
 */
export default function DataTablePage() {
  const [id, setId] = useTableId();
  const navigate = useNavigate();
  const view = useQuery({
    queryKey: ['data-tables', 'view', id],
    queryFn: () => getTableView(id!).then((r) => r.data),
    enabled: id !== null,
  });
  return (
    <div className={s.page}>
      <Card
        title={
          <Space>
            数据表
            <VisibleTablePicker value={id ?? undefined} onChange={setId} />
          </Space>
        }
        extra={
          view.data?.canEdit && (
            <Space>
              <Button icon={<EditOutlined />} onClick={() => navigate(`/web/datasource/dataTableEdit?id=${id}`)}>
                编辑数据
              </Button>
              <Button
                icon={<HistoryOutlined />}
                onClick={() => navigate(`/web/datasource/dataTableOperaRecords?id=${id}`)}
              >
                操作记录
              </Button>
            </Space>
          )
        }
      >
        {id === null && <VisibleTableList onOpen={setId} />}
        {view.data && (
          <>
            <Typography.Paragraph type="secondary">
              {view.data.description || '（无说明）'} · 负责部门：{view.data.ownerDepartmentName ?? '—'}
              {!view.data.canEdit && ' · 您只能查看本部门范围内的数据'}
            </Typography.Paragraph>
            <RowsBrowser key={view.data.id} view={view.data} />
          </>
        )}
      </Card>
    </div>
  );
}
