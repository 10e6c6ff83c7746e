import { Input } from 'antd';
import { useState, type ChangeEvent, type ComponentProps } from 'react';
import { stripEmoji } from '@/shared/emoji';

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * Emoji never reach a value (spec section 5). The field is always controlled here, so the
 * stripped text is what shows, what onChange and antd Form read, whether or not the caller
 * passes a value.
 */
function useEmojiFree<E extends Field>(props: {
  value?: unknown;
  defaultValue?: unknown;
  onChange?: (e: ChangeEvent<E>) => void;
}) {
  const controlled = 'value' in props;
  const [inner, setInner] = useState(() => String(props.defaultValue ?? ''));
  const onChange = (e: ChangeEvent<E>) => {
    const clean = stripEmoji(e.target.value);
    if (clean !== e.target.value) e.target.value = clean;
    if (!controlled) setInner(clean);
    props.onChange?.(e);
  };
  const value = controlled ? ((props.value as string | undefined) ?? '') : inner;
  return { value, onChange };
}

export function TextInput(props: ComponentProps<typeof Input>) {
  const { value, onChange } = useEmojiFree<HTMLInputElement>(props);
  const { defaultValue: _d, ...rest } = props;
  return <Input {...rest} value={value} onChange={onChange} />;
}

export function PasswordInput(props: ComponentProps<typeof Input.Password>) {
  const { value, onChange } = useEmojiFree<HTMLInputElement>(props);
  const { defaultValue: _d, ...rest } = props;
  return <Input.Password {...rest} value={value} onChange={onChange} />;
}

export function TextArea(props: ComponentProps<typeof Input.TextArea>) {
  const { value, onChange } = useEmojiFree<HTMLTextAreaElement>(props);
  const { defaultValue: _d, ...rest } = props;
  return <Input.TextArea {...rest} value={value} onChange={onChange} />;
}

/** A search box (Input.Search): what it searches for is emoji-free too. */
export function SearchInput(props: ComponentProps<typeof Input.Search>) {
  const { value, onChange } = useEmojiFree<HTMLInputElement>(props);
  const { defaultValue: _d, ...rest } = props;
  return <Input.Search {...rest} value={value} onChange={onChange} />;
}
