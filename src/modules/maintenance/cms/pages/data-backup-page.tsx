import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Popconfirm, Space, Table, Tag, Typography, Upload } from 'antd';
import { CloudDownloadOutlined, DatabaseOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { navigate } from '@/core/routing/navigate';
import { useSession } from '@/core/session/store';
import {
  createBackup,
  deleteBackup,
  downloadBackup,
  getBackupSchedule,
  listBackups,
  restoreBackup,
  saveBackupSchedule,
  uploadBackup,
} from '@/modules/maintenance/api';
import { BACKUP_KIND_TEXT, type BackupItem, type BackupSchedule } from '@/modules/maintenance/contract';
import { RestoreConfirm } from '../components/restore-confirm';
import { ScheduleForm } from '../components/schedule-form';
import { RestoreReport } from '../components/restore-report';
import { saveFile } from '@/core/ui/save-file';
import { formatSize } from '../components/format-size';
import { BackupProgress } from '../components/backup-progress';
import s from './maintenance-page.module.css';

const KIND_COLOR: Record<string, string> = { manual: 'blue', scheduled: 'green', uploaded: 'purple' };

/** /cms/systemSetting/dataBackup: back up now or on a schedule, download, upload, restore, delete. */
export default function DataBackupPage() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [restoring, setRestoring] = useState<BackupItem | null>(null);

  const list = useQuery({
    queryKey: ['maintenance', 'backups', paging],
    queryFn: () => listBackups(paging).then((r) => r.data),
  });
  const schedule = useQuery({
    queryKey: ['maintenance', 'schedule'],
    queryFn: () => getBackupSchedule().then((r) => r.data),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['maintenance', 'backups'] });

  const create = useMutation({
    mutationFn: () => createBackup(),
    onSuccess: (r) => {
      message.success(`备份完成：${r.data.fileName}`);
      void refresh();
    },
  });
  const upload = useMutation({
    mutationFn: (file: File) => uploadBackup(file),
    onSuccess: () => {
      message.success('备份文件已上传');
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteBackup(id),
    onSuccess: () => {
      message.success('备份已删除');
      void refresh();
    },
  });
  const save = useMutation({
    mutationFn: (v: BackupSchedule) => saveBackupSchedule(v),
    onSuccess: (r) => {
      message.success('备份计划已保存');
      qc.setQueryData(['maintenance', 'schedule'], r.data);
    },
  });
  const restore = useMutation({
    mutationFn: ({ id, confirm }: { id: number; confirm: string }) => restoreBackup(id, confirm),
    onSuccess: (r) => {
      setRestoring(null);
      // The restore signed everybody out, this administrator too.
      modal.success({
        title: '数据已恢复',
        width: 720,
        content: <RestoreReport result={r.data} />,
        okText: '重新登录',
        onOk: async () => {
          await useSession.getState().clear();
          navigate('/loginAdmin', { replace: true });
        },
      });
    },
  });

  const download = async (b: BackupItem) => {
    const r = await downloadBackup(b.id);
    saveFile(r.data, b.fileName);
  };

  return (
    <div className={s.page}>
      <Card
        title={
          <Space>
            <DatabaseOutlined />
            数据备份
          </Space>
        }
        extra={
          <Space>
            <Upload
              accept=".gz"
              showUploadList={false}
              beforeUpload={(file) => {
                upload.mutate(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={upload.isPending}>
                上传备份
              </Button>
            </Upload>
            <Button type="primary" onClick={() => create.mutate()} loading={create.isPending}>
              立即备份
            </Button>
          </Space>
        }
      >
        <Alert
          type="info"
          showIcon
          className={s.notice}
          title="备份包含全部数据库数据和上传的文件，可在 SQLite 与 PostgreSQL 之间恢复。恢复会替换当前全部数据（审计日志合并保留，本机的授权信息和备份计划保持不变），完成后所有用户（包括您）需要重新登录。"
        />
        <BackupProgress active={create.isPending} className={s.notice} />
        <div className={s.schedule}>
          <ScheduleForm value={schedule.data} saving={save.isPending} onSave={(v) => save.mutate(v)} />
        </div>
        <Table<BackupItem>
          rowKey="id"
          loading={list.isPending}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: '暂无备份' }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (t) => `共 ${t} 个备份`,
          }}
          onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
          columns={[
            { title: '文件名', dataIndex: 'fileName', ellipsis: true },
            { title: '大小', dataIndex: 'size', width: 110, render: (v: number) => formatSize(v) },
            {
              title: '备份时间',
              dataIndex: 'createdAt',
              width: 180,
              render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
            },
            { title: '操作人', dataIndex: 'createdByName', width: 120, render: (v: string | null) => v ?? '—' },
            {
              title: '类型',
              dataIndex: 'kind',
              width: 90,
              render: (v: BackupItem['kind']) => <Tag color={KIND_COLOR[v]}>{BACKUP_KIND_TEXT[v] ?? v}</Tag>,
            },
            { title: '备注', dataIndex: 'note', ellipsis: true, render: (v: string | null) => v ?? '—' },
            {
              // The first 12 hex digits; copying gives the whole SHA-256 to compare with sha256sum.
              title: 'SHA-256',
              dataIndex: 'checksum',
              width: 170,
              render: (v: string | null) =>
                v ? (
                  <Typography.Text code copyable={{ text: v, tooltips: ['复制完整校验值', '已复制'] }} title={v}>
                    {v.slice(0, 12)}
                  </Typography.Text>
                ) : (
                  '—'
                ),
            },
            {
              title: '操作',
              key: 'actions',
              width: 200,
              render: (_: unknown, b: BackupItem) => (
                <Space size={0}>
                  <Button type="link" size="small" icon={<CloudDownloadOutlined />} onClick={() => void download(b)}>
                    下载
                  </Button>
                  <Button type="link" size="small" danger onClick={() => setRestoring(b)}>
                    恢复
                  </Button>
                  <Popconfirm
                    title="删除这个备份？"
                    description="备份文件将从服务器上删除，无法找回。"
                    okText="删除"
                    cancelText="取消"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync(b.id)}
                  >
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <RestoreConfirm
        backup={restoring}
        loading={restore.isPending}
        onCancel={() => setRestoring(null)}
        onConfirm={(b, confirm) => restore.mutate({ id: b.id, confirm })}
      />
    </div>
  );
}
