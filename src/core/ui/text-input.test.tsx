// @vitest-environment jsdom
import '../testing/dom-polyfills';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordInput, TextArea, TextInput } from './text-input';

afterEach(cleanup);

describe('emoji-free inputs', () => {
  it('TextInput strips an emoji typed into it and hands the clean value to onChange', () => {
    const onChange = vi.fn((e: { target: { value: string } }) => e.target.value);
    render(<TextInput placeholder="name" onChange={onChange} />);
    const input = screen.getByPlaceholderText('name') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '张😀三👍🏽' } });
    expect(input.value).toBe('张三');
    expect(onChange).toHaveReturnedWith('张三');
  });

  it('keeps astral CJK characters used in names', () => {
    render(<TextInput placeholder="name" />);
    const input = screen.getByPlaceholderText('name') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '𠮷野😀' } });
    expect(input.value).toBe('𠮷野');
  });

  it('works controlled', () => {
    function Controlled() {
      const [v, setV] = useState('');
      return (
        <>
          <TextInput placeholder="c" value={v} onChange={(e) => setV(e.target.value)} />
          <span>value:{v}</span>
        </>
      );
    }
    render(<Controlled />);
    fireEvent.change(screen.getByPlaceholderText('c'), { target: { value: 'a😀b' } });
    expect(screen.getByText('value:ab')).toBeTruthy();
  });

  it('PasswordInput and TextArea strip emoji too', () => {
    render(
      <>
        <PasswordInput placeholder="pwd" />
        <TextArea placeholder="text" />
      </>,
    );
    const pwd = screen.getByPlaceholderText('pwd') as HTMLInputElement;
    const text = screen.getByPlaceholderText('text') as HTMLTextAreaElement;
    fireEvent.change(pwd, { target: { value: 'Abc😀123' } });
    fireEvent.change(text, { target: { value: '意见🚀反馈' } });
    expect(pwd.value).toBe('Abc123');
    expect(text.value).toBe('意见反馈');
  });

  it('gives an antd Form the stripped value and follows its reset', () => {
    let form!: ReturnType<typeof Form.useForm>[0];
    function WithForm() {
      [form] = Form.useForm();
      return (
        <Form form={form}>
          <Form.Item name="username">
            <TextInput placeholder="u" />
          </Form.Item>
        </Form>
      );
    }
    render(<WithForm />);
    fireEvent.change(screen.getByPlaceholderText('u'), { target: { value: 'stu😀dent' } });
    expect(form.getFieldValue('username')).toBe('student');
    act(() => form.resetFields());
    expect((screen.getByPlaceholderText('u') as HTMLInputElement).value).toBe('');
  });
});
