import { useRef, useState } from 'react';
import { Button, Modal, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { showError } from '@/core/ui/toast';
import {
  SignatureCanvas,
  signatureFile,
  type SignatureCanvasHandle,
} from '@/modules/forms/components/signature-canvas';
import { asSignature } from '@/modules/forms/components/file-values';
import { useRenderer } from '@/modules/forms/components/renderer-context';
import { NO_UPLOAD_IN_PREVIEW } from './upload-fields';
import { SignatureImage } from './read-only-value';
import type { FieldInputProps } from '@/modules/forms/components/field-input-props';
import s from './form-renderer.module.css';

/** Handwritten signature: draw in a dialog, the PNG is uploaded and the field holds its FileRef. */
export function SignatureField({ field, value, onChange, disabled, id }: FieldInputProps) {
  const { upload } = useRenderer();
  const current = asSignature(value);
  const [open, setOpen] = useState(false);
  const [inked, setInked] = useState(false);
  const [saving, setSaving] = useState(false);
  const pad = useRef<SignatureCanvasHandle>(null);

  const confirm = async () => {
    if (!pad.current || pad.current.isEmpty() || !upload) return;
    setSaving(true);
    try {
      const ref = await upload(field.id, signatureFile(await pad.current.toPng()));
      onChange(ref);
      setOpen(false);
    } catch (e) {
      // Server refusals are toasted by the request layer; a canvas failure is not.
      if (!(e instanceof Error && e.name === 'HttpError')) showError(e instanceof Error ? e.message : '签名保存失败');
    } finally {
      setSaving(false);
    }
  };

  const off = disabled || !upload;
  return (
    <div className={s.signature} id={id}>
      {current && <SignatureImage file={current} alt={`${field.label}（已签名）`} />}
      <Space wrap>
        <Button
          icon={<EditOutlined />}
          disabled={off}
          onClick={() => {
            setInked(false);
            setOpen(true);
          }}
        >
          {current ? '重新签名' : '点击签名'}
        </Button>
        {current && !off && <Button onClick={() => onChange(undefined)}>清除签名</Button>}
      </Space>
      {!upload && <div className={s.uploadHint}>{NO_UPLOAD_IN_PREVIEW}</div>}
      <Modal
        title={field.label}
        open={open}
        width={640}
        destroyOnHidden
        mask={{ closable: false }}
        onCancel={() => setOpen(false)}
        footer={[
          <Button key="clear" onClick={() => pad.current?.clear()}>
            重写
          </Button>,
          <Button key="cancel" onClick={() => setOpen(false)}>
            取消
          </Button>,
          <Button key="ok" type="primary" loading={saving} disabled={!inked} onClick={confirm}>
            确定
          </Button>,
        ]}
      >
        <div className={s.signatureSheet}>
          <SignatureCanvas ref={pad} height={220} onInkChange={setInked} />
        </div>
        <div className={s.uploadHint}>请在上方区域内书写签名</div>
      </Modal>
    </div>
  );
}
