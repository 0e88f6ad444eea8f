/** The middle of 在线客服: the conversation's header (buyer, who answers, 接入 / 转接), its messages and the reply box. */
import { PictureOutlined, UserAddOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Space, Tag, Upload } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { CHAT_TEXT_MAX, CHAT_TOO_LONG, type AdminChatDetail } from '@core/schemas/chat';
import type { AdminMe } from '@core/schemas/admin';
import type { Pending, Thread } from '@/lib/chat/thread';
import { ChatMessageList } from '@/ui/chat/ChatMessageList';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { useTransfer } from '../api/chat';
import { CannedPicker } from './CannedPicker';
import { TransferButton } from './TransferButton';

const PICTURE_ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,image/jpeg,image/png,image/gif,image/webp';

type Props = {
  detail: AdminChatDetail;
  me: AdminMe['operator'] | undefined;
  thread: Thread;
  loadFailed: boolean;
  onRetryLoad: () => void;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onSend: (text: string) => void;
  onPicture: (file: File) => void;
  onRetry: (p: Pending) => void;
  notice: string | null;
  onCloseNotice: () => void;
};

export function Conversation({
  detail,
  me,
  thread,
  loadFailed,
  onRetryLoad,
  loadingOlder,
  onLoadOlder,
  onSend,
  onPicture,
  onRetry,
  notice,
  onCloseNotice,
}: Props) {
  const [text, setText] = useState('');
  const take = useTransfer();
  const c = detail.conversation;
  const length = [...text.trim()].length;
  const tooLong = length > CHAT_TEXT_MAX;
  const submit = () => {
    const value = text.trim();
    if (!value || tooLong) return;
    onSend(value);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  return (
    <section className="yct-achat-conv" data-testid="chat-conversation" data-id={c.id}>
      <header className="yct-achat-conv__head">
        <div className="yct-achat-conv__who">
          <strong data-testid="chat-conversation-title">{c.user.company || c.user.username}</strong>
          <span className="yct-achat__muted">
            {c.user.username} · {c.user.phone}
          </span>
        </div>
        <Space size={8}>
          {c.operator ? (
            <Tag color={c.operator.id === me?.id ? 'blue' : 'default'} data-testid="chat-conversation-operator">
              接待客服：{c.operator.name}
            </Tag>
          ) : (
            <Tag color="orange" data-testid="chat-conversation-operator">
              待接入
            </Tag>
          )}
          {me && c.operator?.id !== me.id ? (
            <Button
              size="small"
              type="primary"
              icon={<UserAddOutlined />}
              loading={take.isPending}
              onClick={() => take.mutate({ id: c.id, operatorId: me.id })}
              data-testid="chat-take"
            >
              接入会话
            </Button>
          ) : null}
          <TransferButton conversation={c} />
        </Space>
      </header>
      <div className="yct-achat-conv__body">
        {loadFailed && !thread.loaded ? (
          <LoadFailed error={null} onRetry={onRetryLoad} />
        ) : !thread.loaded ? (
          <div className="yct-achat__center yct-achat__muted">正在加载消息…</div>
        ) : (
          <ChatMessageList
            data-testid="chat-messages"
            thread={thread}
            me="operator"
            onLoadOlder={onLoadOlder}
            loadingOlder={loadingOlder}
            goodsHref={(id) => `/admin/goods/${id}`}
            orderHref={(id) => `/admin/orders/${id}`}
            onRetry={onRetry}
            unreadByOther={c.user_unread}
            beginning="以上是全部聊天记录"
            empty={<div className="yct-achat__center yct-achat__muted">暂无消息</div>}
          />
        )}
      </div>
      {notice ? (
        <Alert type="error" showIcon closable title={notice} onClose={onCloseNotice} className="yct-achat-conv__notice" data-testid="chat-notice" />
      ) : null}
      <footer className="yct-achat-conv__foot">
        <div className="yct-achat-conv__tools">
          <CannedPicker onPick={(t) => setText((v) => (v ? `${v}${t}` : t))} />
          <Upload
            accept={PICTURE_ACCEPT}
            showUploadList={false}
            beforeUpload={(file) => {
              onPicture(file);
              return false;
            }}
          >
            <Button size="small" type="text" icon={<PictureOutlined />} data-testid="chat-picture-button">
              图片
            </Button>
          </Upload>
        </div>
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          autoSize={{ minRows: 3, maxRows: 6 }}
          variant="borderless"
          placeholder="输入回复内容，Enter 发送，Shift+Enter 换行"
          data-testid="chat-input"
        />
        <div className="yct-achat-conv__send">
          <span className={tooLong ? 'yct-achat__over' : 'yct-achat__muted'}>{tooLong ? CHAT_TOO_LONG : `${length}/${CHAT_TEXT_MAX}`}</span>
          <Button type="primary" onClick={submit} disabled={!length || tooLong} data-testid="chat-send">
            发送
          </Button>
        </div>
      </footer>
    </section>
  );
}
