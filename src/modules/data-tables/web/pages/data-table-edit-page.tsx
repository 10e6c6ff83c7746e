import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Popconfirm, Space } from 'antd';
import { HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { HttpError } from '@/core/http/http-error';
import { deleteRow, getTableView, saveRow } from '../../api';
import { RowFormModal } from '../components/row-form-modal';
import { RowsBrowser } from '../components/rows-browser';
import { VisibleTablePicker } from '../components/table-picker';
import { useTableId } from '../components/use-table-id';
import s from '../../components/data-tables.module.css';

type Row = Record<string, unknown>;

/**
 * /web/datasource/dataTableEdit?id= 编辑数据: the owning department (and administrators) add, edit and
 * delete rows. Each save carries the row's `_version`: an edit of a row someone changed meanwhile is
 * refused (409) and the list reloads, so nothing is overwritten.
 */
export default function DataTableEditPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [id, setId] = useTableId();
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const view = useQuery({
    queryKey: ['data-tables', 'view', id],
    queryFn: () => getTableView(id!).then((r) => r.data),
    enabled: id !== null,
  });
  const reload = () => qc.invalidateQueries({ queryKey: ['data-tables', 'rows', id] });
  const onConflict = (e: unknown) => {
    if (e instanceof HttpError && e.status === 409) void reload();
  };
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      saveRow({
        id: id!,
        values,
        ...(editing?.row ? { rowId: Number(editing.row._id), version: Number(editing.row._version) } : {}),
      }),
    onSuccess: async () => {
      message.success('已保存');
      setEditing(null);
      await reload();
    },
    onError: onConflict,
  });
  const remove = useMutation({
    mutationFn: (r: Row) => deleteRow({ id: id!, rowId: Number(r._id), version: Number(r._version) }),
    onSuccess: async () => {
      message.success('已删除');
      await reload();
    },
    onError: onConflict,
  });
  const v = view.data;
  return (
    <div className={s.page}>
      <Card
        title={
          <Space>
            编辑数据
            <VisibleTablePicker value={id ?? undefined} onChange={setId} />
          </Space>
        }
        extra={
          v?.canEdit && (
            <Space>
              <Button
                icon={<HistoryOutlined />}
                onClick={() => navigate(`/web/datasource/dataTableOperaRecords?id=${id}`)}
              >
                操作记录
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
                新增行
              </Button>
            </Space>
          )
        }
      >
        {id === null && <Empty description="请选择要编辑的数据表" />}
        {v && !v.canEdit && <Empty description="只有负责部门和管理员可以编辑该数据表" />}
        {v?.canEdit && (
          <RowsBrowser
            key={v.id}
            view={v}
            exportable={false}
            actions={(r) => (
              <Space size={0}>
                <Button size="small" type="link" onClick={() => setEditing({ row: r })}>
                  编辑
                </Button>
                <Popconfirm
                  title="删除这一行？"
                  description="删除会记入操作记录，可从记录中恢复"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutateAsync(r)}
                >
                  <Button size="small" type="link" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            )}
          />
        )}
      </Card>
      {v && (
        <RowFormModal
          open={!!editing}
          fields={v.fields}
          row={editing?.row ?? null}
          saving={save.isPending}
          onSave={(values) => save.mutate(values)}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
