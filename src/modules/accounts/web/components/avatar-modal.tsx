import { useRef } from 'react';
import { App, Avatar, Button, Modal, Space, Typography } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '@/core/session/store';
import { useFileSrc } from '@/core/ui/use-file-src';
import { uploadMyAvatar } from '../../api';
import { AVATAR_ACCEPT, avatarFileProblem } from '../../contract';

/** 更换头像 for the signed-in user (user menu): pick an image, it is stored and shown in the header at once. */
export function AvatarModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const user = useSession((st) => st.userInfo);
  const setAvatar = useSession((st) => st.setAvatar);
  const src = useFileSrc(user?.avatar);
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: uploadMyAvatar,
    onSuccess: (answer) => {
      setAvatar(answer.data.url);
      message.success('头像已更新');
      onClose();
    },
  });

  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) message.error(problem);
    else upload.mutate(file);
  };

  return (
    <Modal title="更换头像" open={open} onCancel={onClose} footer={null} destroyOnHidden width={420}>
      <Space orientation="vertical" align="center" size="large" style={{ width: '100%', padding: '16px 0' }}>
        <Avatar size={96} src={src ?? undefined} icon={<UserOutlined />} alt="当前头像" />
        <input
          ref={input}
          type="file"
          accept={AVATAR_ACCEPT}
          hidden
          aria-label="选择头像图片"
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button
          type="primary"
          icon={<UploadOutlined />}
          loading={upload.isPending}
          onClick={() => input.current?.click()}
        >
          选择图片
        </Button>
        <Typography.Text type="secondary">PNG、JPG、GIF 或 WebP，不超过 2 MB</Typography.Text>
      </Space>
    </Modal>
  );
}
