// @vitest-environment jsdom
import '../testing/dom-polyfills';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd-mobile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MobileInput, MobileSearchBar, MobileTextArea } from './mobile-text-input';

afterEach(cleanup);

describe('phone inputs strip emoji like the desktop ones', () => {
  it('MobileInput strips as typed and hands the clean value on, uncontrolled too', () => {
    const onChange = vi.fn();
    render(<MobileInput placeholder="name" onChange={onChange} />);
    const input = screen.getByPlaceholderText('name') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '张😀三' } });
    expect(onChange).toHaveBeenLastCalledWith('张三');
    expect(input.value).toBe('张三');
  });

  it('MobileTextArea and MobileSearchBar strip too, and astral CJK stays', () => {
    const onText = vi.fn();
    const onSearch = vi.fn();
    render(
      <>
        <MobileTextArea placeholder="opinion" onChange={onText} />
        <MobileSearchBar placeholder="search" onChange={onSearch} />
      </>,
    );
    fireEvent.change(screen.getByPlaceholderText('opinion'), { target: { value: '同意👍𠮷' } });
    fireEvent.change(screen.getByPlaceholderText('search'), { target: { value: '请假🎉' } });
    expect(onText).toHaveBeenLastCalledWith('同意𠮷');
    expect(onSearch).toHaveBeenLastCalledWith('请假');
  });

  it('feeds an antd-mobile Form the stripped value', async () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish} footer={<button type="submit">go</button>}>
        <Form.Item name="username">
          <MobileInput placeholder="user" />
        </Form.Item>
      </Form>,
    );
    fireEvent.change(screen.getByPlaceholderText('user'), { target: { value: 'stu😀dent' } });
    expect((screen.getByPlaceholderText('user') as HTMLInputElement).value).toBe('student');
    fireEvent.click(screen.getByText('go'));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ username: 'student' }));
  });
});
