import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Typography } from 'antd';
import { getTableView } from '../../api';
import { RowsBrowser } from '../components/rows-browser';
import { useTableId } from '../components/use-table-id';
import s from '../../components/data-tables.module.css';

/**
 * /web/taskCenter/dataTablePreview?id= 数据表预览 (approval centre): read-only rows of the table, as
 * far as the approver may see them (the same row scope and column rules as 数据表).
 */
export default function DataTablePreviewPage() {
  const [id] = useTableId();
  const view = useQuery({
    queryKey: ['data-tables', 'view', id],
    queryFn: () => getTableView(id!).then((r) => r.data),
    enabled: id !== null,
  });
  return (
    <div className={s.page}>
      <Card title={view.data ? `数据表预览：${view.data.name}` : '数据表预览'}>
        {id === null && <Empty description="缺少数据表" />}
        {view.data && (
          <>
            <Typography.Paragraph type="secondary">
              {view.data.description || '（无说明）'} · 负责部门：{view.data.ownerDepartmentName ?? '—'} · 只读预览
            </Typography.Paragraph>
            <RowsBrowser view={view.data} exportable={false} pageSize={10} />
          </>
        )}
      </Card>
    </div>
  );
}
