import { describe, expect, it } from 'vitest';
import { NO_UPLOAD_IN_PREVIEW, uploadHint } from './file-checks';
import { failureText, untoastedFailure } from './upload-failure';

describe('upload hint', () => {
  it('names the types, size and count a field takes', () => {
    expect(uploadHint({ type: 'file', accept: ['pdf', 'docx'], maxSizeMb: 5, maxCount: 3 }, true)).toBe(
      '支持 pdf、docx，单个不超过 5 MB，最多 3 个',
    );
  });

  it('images default to the picture types; a field with no limits says nothing', () => {
    expect(uploadHint({ type: 'image' }, true)).toMatch(/^支持 .*png/);
    expect(uploadHint({ type: 'file' }, true)).toBe('');
  });

  it('in a preview says only that nothing can be uploaded', () => {
    expect(uploadHint({ type: 'file', accept: ['pdf'], maxSizeMb: 5 }, false)).toBe(NO_UPLOAD_IN_PREVIEW);
  });
});

describe('upload failures', () => {
  it('leaves a server refusal to the request layer, which toasted it', () => {
    const refusal = Object.assign(new Error('文件过大'), { name: 'HttpError' });
    expect(untoastedFailure(refusal)).toBeNull();
    expect(failureText(refusal)).toBe('文件过大');
  });

  it('words any other failure, with a fallback when it has no message', () => {
    expect(untoastedFailure(new Error('读取文件失败'))).toBe('读取文件失败');
    expect(untoastedFailure('boom')).toBe('上传失败');
    expect(untoastedFailure(new Error(''), '签名保存失败')).toBe('签名保存失败');
  });
});
