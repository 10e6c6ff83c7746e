import { useState } from 'react';
import { Button, Image, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { toast } from '@/core/ui/toast';
import { LOGIN_IMAGE_MAX_BYTES, LOGO_IMAGE_MAX_BYTES } from '@/modules/site-settings/contract';
import { uploadOrgImage } from '@/modules/site-settings/api';
import s from './image-field.module.css';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/**
 * A picture address for a Form.Item: shows the current picture and replaces it by an upload.
 * The type and size checks mirror the server's (PNG/JPEG/GIF/WebP, 2 MB logo, 5 MB login picture).
 */
export function ImageField({
  value,
  onChange,
  purpose,
  label,
  previewHeight = 64,
}: {
  value?: string;
  onChange?: (url: string) => void;
  purpose: 'logo' | 'login';
  label: string;
  previewHeight?: number;
}) {
  const [busy, setBusy] = useState(false);
  const max = purpose === 'login' ? LOGIN_IMAGE_MAX_BYTES : LOGO_IMAGE_MAX_BYTES;
  return (
    <Space align="center" size={16} className={s.field}>
      <div className={s.preview} style={{ height: previewHeight + 16 }}>
        {value ? <Image src={value} alt={label} height={previewHeight} /> : <span className={s.none}>未设置</span>}
      </div>
      <Upload
        accept=".png,.jpg,.jpeg,.gif,.webp"
        showUploadList={false}
        beforeUpload={(file) => {
          if (!IMAGE_TYPES.includes(file.type)) {
            toast.error('请上传 PNG、JPG、GIF 或 WebP 图片');
            return Upload.LIST_IGNORE;
          }
          if (file.size > max) {
            toast.error(`图片不能超过 ${max / 1024 / 1024} MB`);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          setBusy(true);
          uploadOrgImage(file as File, purpose)
            .then((r) => {
              onChange?.(r.data.url);
              onSuccess?.(r.data);
              toast.success('上传成功');
            })
            .catch((e: Error) => onError?.(e))
            .finally(() => setBusy(false));
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} aria-label={`上传${label}`}>
          上传{label}
        </Button>
      </Upload>
    </Space>
  );
}
