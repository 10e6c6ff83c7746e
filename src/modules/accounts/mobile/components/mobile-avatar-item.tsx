import { useRef, useState } from 'react';
import { Avatar, List, Toast } from 'antd-mobile';
import { useSession } from '@/core/session/store';
import { useFileSrc } from '@/core/ui/use-file-src';
import { uploadMyAvatar } from '../../api';
import { AVATAR_ACCEPT, avatarFileProblem } from '../../contract';

/** 头像 row of the phone's 我的 tab: tap to pick an image (camera or album), stored at once. */
export function MobileAvatarItem() {
  const user = useSession((st) => st.userInfo);
  const setAvatar = useSession((st) => st.setAvatar);
  const src = useFileSrc(user?.avatar);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      Toast.show({ icon: 'fail', content: problem });
      return;
    }
    setBusy(true);
    try {
      const answer = await uploadMyAvatar(file);
      setAvatar(answer.data.url);
      Toast.show({ icon: 'success', content: '头像已更新' });
    } catch {
      // the request layer showed the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <List.Item
        onClick={busy ? undefined : () => input.current?.click()}
        extra={<Avatar src={src ?? ''} style={{ '--size': '40px', '--border-radius': '50%' }} />}
        description={busy ? '正在上传…' : '点击更换'}
      >
        头像
      </List.Item>
      <input
        ref={input}
        type="file"
        accept={AVATAR_ACCEPT}
        hidden
        aria-label="选择头像图片"
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );
}
