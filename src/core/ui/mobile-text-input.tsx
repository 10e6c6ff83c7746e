import { Input, SearchBar, TextArea } from 'antd-mobile';
import { useState, type ComponentProps } from 'react';
import { stripEmoji } from '@/shared/emoji';

/**
 * The phone's emoji-free text inputs (spec section 5), the antd-mobile twins of text-input.tsx:
 * the same stripEmoji on every change, the field always controlled so what shows is what the
 * form holds. Kept apart from text-input.tsx so the phone branch never loads antd's desktop kit.
 */
function useEmojiFree(props: { value?: string; defaultValue?: string; onChange?: (v: string) => void }) {
  const controlled = 'value' in props;
  const [inner, setInner] = useState(() => stripEmoji(props.defaultValue ?? ''));
  const onChange = (v: string) => {
    const clean = stripEmoji(v);
    if (!controlled) setInner(clean);
    props.onChange?.(clean);
  };
  return { value: controlled ? (props.value ?? '') : inner, onChange };
}

export function MobileInput(props: ComponentProps<typeof Input>) {
  const { value, onChange } = useEmojiFree(props);
  const { defaultValue: _d, ...rest } = props;
  return <Input {...rest} value={value} onChange={onChange} />;
}

export function MobileTextArea(props: ComponentProps<typeof TextArea>) {
  const { value, onChange } = useEmojiFree(props);
  const { defaultValue: _d, ...rest } = props;
  return <TextArea {...rest} value={value} onChange={onChange} />;
}

export function MobileSearchBar(props: ComponentProps<typeof SearchBar>) {
  const { value, onChange } = useEmojiFree(props);
  const { defaultValue: _d, ...rest } = props;
  return <SearchBar {...rest} value={value} onChange={onChange} />;
}
