/** 转接: hands the conversation to another connected operator who answers the chat (or takes it oneself: 接入). */
import { SwapOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, List, Modal, Spin, Tag } from 'antd';
import { useState } from 'react';
import type { AdminChatConversation } from '@core/schemas/chat';
import { useChatOperators, useTransfer } from '../api/chat';

export function TransferButton({ conversation }: { conversation: AdminChatConversation }) {
  const [open, setOpen] = useState(false);
  const operators = useChatOperators(open);
  const transfer = useTransfer();
  const others = operators.data?.filter((o) => o.id !== conversation.operator?.id) ?? [];
  return (
    <>
      <Button size="small" icon={<SwapOutlined />} onClick={() => setOpen(true)} data-testid="chat-transfer">
        转接
      </Button>
      <Modal title="转接会话" open={open} onCancel={() => setOpen(false)} footer={null} destroyOnHidden width={440}>
        <p className="yct-achat__muted">转接后，客户会收到提示，会话将由对方继续接待。只能转接给当前在线的客服。</p>
        {operators.isPending ? (
          <Spin />
        ) : operators.isError ? (
          <Empty description="客服列表加载失败" />
        ) : (
          <List
            size="small"
            dataSource={others}
            locale={{ emptyText: '暂无其他可转接的客服' }}
            data-testid="chat-transfer-list"
            renderItem={(o) => (
              <List.Item
                actions={[
                  <Button
                    key="go"
                    size="small"
                    type="primary"
                    disabled={!o.online}
                    loading={transfer.isPending && transfer.variables?.operatorId === o.id}
                    onClick={() => transfer.mutate({ id: conversation.id, operatorId: o.id }, { onSuccess: () => setOpen(false) })}
                    data-testid="chat-transfer-to"
                  >
                    {o.me ? '由我接待' : '转接'}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <span>
                      <Badge status={o.online ? 'success' : 'default'} text={o.name} /> <span className="yct-achat__muted">（{o.username}）</span>
                      {o.me ? <Tag color="blue">我</Tag> : null}
                    </span>
                  }
                  description={`${o.online ? '在线' : '离线'} · 当前 ${o.conversations} 个会话`}
                />
              </List.Item>
            )}
          />
        )}
      </Modal>
    </>
  );
}
