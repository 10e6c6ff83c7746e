import { useRef, useState } from 'react';
import type { FieldInputProps } from './field-input-props';
import { asSignature } from './file-values';
import { useRenderer } from './renderer-context';
import { signatureFile, type SignatureCanvasHandle } from './signature-canvas';
import { untoastedFailure } from './upload-failure';

export const SIGNATURE_SAVE_FAILED = '签名保存失败';

interface Input extends Pick<FieldInputProps, 'field' | 'value' | 'onChange'> {
  /** How the kit shows a failure the request layer did not toast. */
  report: (text: string) => void;
}

/**
 * The signature step both kits share: open the pad (blank), draw, confirm → the PNG is uploaded
 * and the field holds its FileRef; a failure keeps the pad open. The kit draws the pad in its
 * dialog (antd Modal, antd-mobile bottom Popup) with SignatureCanvas.
 */
export function useSignatureStep({ field, value, onChange, report }: Input) {
  const { upload } = useRenderer();
  const [open, setOpen] = useState(false);
  const [inked, setInked] = useState(false);
  const [saving, setSaving] = useState(false);
  const pad = useRef<SignatureCanvasHandle>(null);

  const confirm = async () => {
    if (!pad.current || pad.current.isEmpty() || !upload) return;
    setSaving(true);
    try {
      onChange(await upload(field.id, signatureFile(await pad.current.toPng())));
      setOpen(false);
    } catch (e) {
      const text = untoastedFailure(e, SIGNATURE_SAVE_FAILED);
      if (text) report(text);
    } finally {
      setSaving(false);
    }
  };

  return {
    /** The signature held now, if any. */
    current: asSignature(value),
    /** False in a preview: nothing can be uploaded. */
    canUpload: !!upload,
    open,
    /** Opens a blank pad. */
    begin: () => {
      setInked(false);
      setOpen(true);
    },
    close: () => setOpen(false),
    /** The pad: pass as SignatureCanvas's ref, with onInkChange={setInked}. */
    pad,
    /** The pad has ink: 确定 is enabled. */
    inked,
    setInked,
    saving,
    confirm,
    /** 重写: wipes the pad. */
    redo: () => pad.current?.clear(),
    /** Removes the held signature. */
    remove: () => onChange(undefined),
  };
}
