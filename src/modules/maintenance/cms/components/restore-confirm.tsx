import { useState } from 'react';
import { Alert, Modal, Typography } from 'antd';
import { RESTORE_REPLACES, type BackupItem } from '@/modules/maintenance/contract';
import { TextInput } from '@/core/ui/text-input';

interface Props {
  backup: BackupItem | null;
  loading: boolean;
  onCancel: () => void;
  onConfirm: (backup: BackupItem, confirm: string) => void;
}

/**
 * The restore confirmation: it names what will be replaced and only lets the administrator
 * go on after typing the backup's file name exactly (the server checks the same).
 */
export function RestoreConfirm({ backup, loading, onCancel, onConfirm }: Props) {
  const [typed, setTyped] = useState('');
  const matches = !!backup && typed.trim() === backup.fileName;
  return (
    <Modal
      open={!!backup}
      title="确认恢复数据"
      okText="恢复"
      cancelText="取消"
      okButtonProps={{ danger: true, disabled: !matches, loading }}
      onOk={() => backup && matches && onConfirm(backup, typed.trim())}
      onCancel={onCancel}
      afterClose={() => setTyped('')}
      mask={{ closable: false }}
      destroyOnHidden
      width={600}
    >
      {backup && (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={`将替换：${RESTORE_REPLACES}`}
            description="审计日志不会被删除：本机的记录保留，并加回备份中的全部记录。本机的授权信息和备份计划保持不变。较早版本的备份会在恢复后自动升级到当前版本。恢复完成后，所有用户（包括您）都将退出登录，需要重新登录。此操作不可撤销，建议先立即备份当前数据。"
          />
          <Typography.Paragraph>
            请输入备份文件名{' '}
            <Typography.Text code copyable>
              {backup.fileName}
            </Typography.Text>{' '}
            以确认恢复：
          </Typography.Paragraph>
          <TextInput
            aria-label="备份文件名"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={backup.fileName}
            autoComplete="off"
          />
        </>
      )}
    </Modal>
  );
}
