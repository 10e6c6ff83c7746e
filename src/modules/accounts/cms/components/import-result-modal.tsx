import { Alert, Modal, Table, Typography } from 'antd';
import type { ImportAnswer } from '@/modules/accounts/contract';

/** What an import did: rows imported, each refused field with its row, and generated passwords (shown once). */
export function ImportResultModal({ result, onClose }: { result: ImportAnswer | null; onClose: () => void }) {
  return (
    <Modal
      title="导入结果"
      open={result !== null}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText="关闭"
      width={760}
    >
      {result && (
        <>
          <Alert
            type={result.failed.length ? 'warning' : 'success'}
            showIcon
            style={{ marginBottom: 16 }}
            title={
              result.failed.length
                ? `已导入 ${result.imported} 行；${new Set(result.failed.map((f) => f.row)).size} 行有误未导入，请修改后重新导入这些行。`
                : `已全部导入，共 ${result.imported} 行。`
            }
          />
          {result.failed.length > 0 && (
            <Table
              size="small"
              rowKey={(r) => `${r.row}-${r.field}`}
              dataSource={result.failed}
              pagination={result.failed.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              columns={[
                { title: '行号', dataIndex: 'row', width: 80 },
                { title: '列', dataIndex: 'field', width: 160, render: (v: string) => v || '—' },
                { title: '问题', dataIndex: 'message' },
              ]}
              style={{ marginBottom: 16 }}
            />
          )}
          {result.generatedPasswords.length > 0 && (
            <>
              <Typography.Paragraph strong>
                以下账号未填初始密码，系统已随机生成（仅显示这一次，请复制后转交用户；首次登录须修改密码）：
              </Typography.Paragraph>
              <Table
                size="small"
                rowKey="username"
                dataSource={result.generatedPasswords}
                pagination={result.generatedPasswords.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 80 },
                  { title: '用户名', dataIndex: 'username' },
                  {
                    title: '初始密码',
                    dataIndex: 'password',
                    render: (v: string) => (
                      <Typography.Text copyable code>
                        {v}
                      </Typography.Text>
                    ),
                  },
                ]}
              />
            </>
          )}
        </>
      )}
    </Modal>
  );
}
