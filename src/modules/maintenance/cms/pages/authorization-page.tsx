import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { HttpError } from '@/core/http';
import { getLicenceInfo, uploadLicence } from '@/modules/maintenance/api';
import { LicenceDetails } from '../components/licence-details';
import s from './maintenance-page.module.css';

type Outcome = { ok: true; text: string } | { ok: false; text: string };

/** /cms/systemSetting/authorization: the installed licence, and replacing it with a new licence file. */
export default function AuthorizationPage() {
  const qc = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const info = useQuery({ queryKey: ['maintenance', 'licence'], queryFn: () => getLicenceInfo().then((r) => r.data) });
  const upload = useMutation({
    mutationFn: (file: File) => uploadLicence(file),
    onSuccess: (r) => {
      qc.setQueryData(['maintenance', 'licence'], r.data);
      setOutcome({ ok: true, text: `授权已更新：${r.data.holder ?? ''}，有效期至 ${r.data.expiresAt ?? ''}` });
    },
    // Silent call: the reason is shown here, under the upload, not as a passing toast.
    onError: (e) => setOutcome({ ok: false, text: e instanceof HttpError ? e.message : '上传失败' }),
  });
  const data = info.data;
  return (
    <div className={s.page}>
      <Card title="授权信息" loading={info.isPending}>
        {data && !data.valid && (
          <Alert
            type="error"
            showIcon
            className={s.notice}
            title="服务未授权，普通用户当前无法使用系统，请上传有效的授权文件。"
          />
        )}
        {data && <LicenceDetails info={data} />}
      </Card>
      <Card title="更新授权">
        <Upload.Dragger
          accept=".lic,.txt,.licence,.license"
          multiple={false}
          showUploadList={false}
          disabled={upload.isPending}
          beforeUpload={(file) => {
            setOutcome(null);
            upload.mutate(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖拽授权文件到此处上传</p>
          <p className="ant-upload-hint">
            授权文件由软件供应商签发，上传后立即校验签名和有效期；校验不通过时保留原授权。
          </p>
        </Upload.Dragger>
        {outcome && (
          <Alert
            className={s.result}
            type={outcome.ok ? 'success' : 'error'}
            showIcon
            title={outcome.ok ? '上传成功' : '上传失败'}
            description={outcome.text}
          />
        )}
      </Card>
    </div>
  );
}
