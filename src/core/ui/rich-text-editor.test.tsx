// @vitest-environment jsdom
import '../testing/dom-polyfills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { AppProviders } from './app-providers';
import { isAllowedLink, RichTextEditor } from './rich-text-editor';

afterEach(cleanup);

// ProseMirror measures the DOM when the selection moves; jsdom has no layout.
if (!document.createRange().getClientRects) {
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
}
document.elementFromPoint ??= () => null;

describe('rich text editor', () => {
  it('shows the value and a toolbar with Chinese labels; no image button without an uploader', async () => {
    render(
      <AppProviders>
        <RichTextEditor value="<p>你好<strong>世界</strong></p>" />
      </AppProviders>,
    );
    await waitFor(() => expect(screen.getByRole('textbox').innerHTML).toContain('<strong>世界</strong>'));
    for (const label of [
      '加粗',
      '斜体',
      '下划线',
      '删除线',
      '文字颜色',
      '无序列表',
      '有序列表',
      '插入链接',
      '插入表格',
      '撤销',
      '重做',
    ]) {
      expect(screen.getByRole('button', { name: label }), label).toBeTruthy();
    }
    expect(screen.queryByRole('button', { name: '插入图片' })).toBeNull();
  });

  it("names its editable area after the form item's label, or an aria-label (axe aria-input-field-name)", async () => {
    render(
      <AppProviders>
        <Form>
          <Form.Item label="消息内容" name="content">
            <RichTextEditor />
          </Form.Item>
        </Form>
        <RichTextEditor aria-label="答案" />
      </AppProviders>,
    );
    expect(await screen.findByRole('textbox', { name: '消息内容' })).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: '答案' })).toBeTruthy();
  });

  it('reports HTML through onChange when a toolbar command changes the document, and undo restores it', async () => {
    const onChange = vi.fn();
    render(
      <AppProviders>
        <RichTextEditor value="<p>正文</p>" onChange={onChange} />
      </AppProviders>,
    );
    await screen.findByRole('button', { name: '插入表格' });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: '插入表格' }));
    });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls.at(-1)![0]).toMatch(/<table[^>]*>.*<th/);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: '撤销' }));
    });
    await waitFor(() => expect(onChange.mock.calls.at(-1)![0]).toBe('<p>正文</p>'));
  });

  it('uploads a chosen image through the prop and refuses other files before uploading', async () => {
    const upload = vi.fn(async () => '/resource/api/v1.file/123e4567-e89b-12d3-a456-426614174000');
    const onChange = vi.fn();
    render(
      <AppProviders>
        <RichTextEditor value="<p>图</p>" onChange={onChange} onUploadImage={upload} maxImageBytes={1024} />
      </AppProviders>,
    );
    const input = await screen.findByTestId('rich-text-image-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.pdf', { type: 'application/pdf' })] } });
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(2048)], 'big.png', { type: 'image/png' })] },
    });
    expect(upload).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { files: [new File(['png'], '校园.png', { type: 'image/png' })] } });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(onChange.mock.calls.at(-1)?.[0]).toContain(
        '<img src="/resource/api/v1.file/123e4567-e89b-12d3-a456-426614174000" alt="校园">',
      ),
    );
  });

  it('accepts only the links the server keeps', () => {
    for (const ok of ['https://www.example.edu.cn', 'http://a.b/c', 'mailto:a@b.cn', '/web/help/index'])
      expect(isAllowedLink(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', '//evil.example', 'data:text/html,x', 'help/index', 'ftp://x'])
      expect(isAllowedLink(bad), bad).toBe(false);
  });
});
