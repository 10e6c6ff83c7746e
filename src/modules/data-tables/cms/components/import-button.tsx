import { useState } from 'react';
import { App, Button, Modal, Table, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { HttpError } from '@/core/http/http-error';
import { Codes } from '@/shared/errors';
import { importTable } from '../../api';
import type { ImportResult } from '../../contract';

/**
 * Imports an .xlsx into a table (headers = field labels, as the export writes them). A partial import
 * (0x00000106) keeps the good rows and lists each refused row with its field and reason.
 */
export function ImportButton({ tableId }: { tableId: number }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<{ title: string; result: ImportResult } | null>(null);
  const upload = async (file: File) => {
    setBusy(true);
    try {
      const r = await importTable(tableId, file);
      message.success(r.message);
    } catch (e) {
      if (e instanceof HttpError && e.code === Codes.partialImportError) {
        const body = e.data as { message: string; data: ImportResult };
        setReport({ title: body.message, result: body.data });
      }
    } finally {
      setBusy(false);
      await qc.invalidateQueries({ queryKey: ['data-tables'] });
    }
  };
  return (
    <>
      <Upload
        accept=".xlsx"
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button size="small" type="link" icon={<UploadOutlined />} loading={busy}>
          导入
        </Button>
      </Upload>
      <Modal open={!!report} title="部分数据未导入" onCancel={() => setReport(null)} footer={null} width={720}>
        <p>{report?.title}，请修改后重新导入有误的行：</p>
        <Table
          size="small"
          rowKey={(r) => `${r.row}-${r.field}`}
          dataSource={report?.result.errors ?? []}
          pagination={{ pageSize: 10 }}
          columns={[
            { title: '行号', dataIndex: 'row', width: 80 },
            { title: '字段', dataIndex: 'field', width: 160 },
            { title: '原因', dataIndex: 'message' },
          ]}
        />
      </Modal>
    </>
  );
}
