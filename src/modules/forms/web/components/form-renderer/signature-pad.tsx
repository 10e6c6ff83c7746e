import { Button, Modal, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { showError } from '@/core/ui/toast';
import { NO_UPLOAD_IN_PREVIEW } from '@/modules/forms/components/file-checks';
import { SignatureCanvas } from '@/modules/forms/components/signature-canvas';
import { useSignatureStep } from '@/modules/forms/components/use-signature-step';
import type { FieldInputProps } from '@/modules/forms/components/field-input-props';
import { SignatureImage } from './read-only-value';
import s from './form-renderer.module.css';

/** Handwritten signature: draw in an antd dialog (the step itself is useSignatureStep). */
export function SignatureField({ field, value, onChange, disabled, id }: FieldInputProps) {
  const sig = useSignatureStep({ field, value, onChange, report: showError });
  const { current } = sig;
  const off = disabled || !sig.canUpload;
  return (
    <div className={s.signature} id={id}>
      {current && <SignatureImage file={current} alt={`${field.label}（已签名）`} />}
      <Space wrap>
        <Button icon={<EditOutlined />} disabled={off} onClick={sig.begin}>
          {current ? '重新签名' : '点击签名'}
        </Button>
        {current && !off && <Button onClick={sig.remove}>清除签名</Button>}
      </Space>
      {!sig.canUpload && <div className={s.uploadHint}>{NO_UPLOAD_IN_PREVIEW}</div>}
      <Modal
        title={field.label}
        open={sig.open}
        width={640}
        destroyOnHidden
        mask={{ closable: false }}
        onCancel={sig.close}
        footer={[
          <Button key="clear" onClick={sig.redo}>
            重写
          </Button>,
          <Button key="cancel" onClick={sig.close}>
            取消
          </Button>,
          <Button key="ok" type="primary" loading={sig.saving} disabled={!sig.inked} onClick={sig.confirm}>
            确定
          </Button>,
        ]}
      >
        <div className={s.signatureSheet}>
          <SignatureCanvas ref={sig.pad} height={220} onInkChange={sig.setInked} />
        </div>
        <div className={s.uploadHint}>请在上方区域内书写签名</div>
      </Modal>
    </div>
  );
}
