/** 快捷回复: the operator's own and the shared replies; a click puts one in the input. An operator adds and removes their own here. */
import { DeleteOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Popconfirm, Popover, Spin, Tag } from 'antd';
import { useState } from 'react';
import { CANNED_TEXT_MAX } from '@core/schemas/chat';
import { errorText } from '@/lib/admin/http';
import { useCanned, useDeleteCanned, useSaveCanned } from '../api/canned';

export function CannedPicker({ onPick }: { onPick: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const canned = useCanned();
  const save = useSaveCanned();
  const remove = useDeleteCanned();

  let list;
  if (canned.isPending) list = <Spin size="small" />;
  else if (canned.isError) list = <span className="yct-achat__muted">快捷回复加载失败</span>;
  else if (!canned.data.length) list = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无快捷回复" />;
  else
    list = (
      <ul className="yct-achat-canned__list" data-testid="chat-canned-list">
        {canned.data.map((r) => (
          <li key={r.id}>
            <button
              type="button"
              onClick={() => {
                onPick(r.text);
                setOpen(false);
              }}
              data-testid="chat-canned-item"
            >
              {r.shared ? <Tag color="blue">公共</Tag> : <Tag color="green">我的</Tag>}
              <span>{r.text}</span>
            </button>
            {r.mine ? (
              <Popconfirm title="删除这条快捷回复？" okText="删除" cancelText="取消" onConfirm={() => remove.mutate(r.id)}>
                <Button type="text" size="small" icon={<DeleteOutlined />} aria-label="删除" />
              </Popconfirm>
            ) : null}
          </li>
        ))}
      </ul>
    );

  const add = () => {
    setProblem(null);
    save.mutate(
      { text: draft, shared: 0 },
      {
        onSuccess: () => setDraft(''),
        onError: (e) => setProblem(errorText(e)),
      },
    );
  };

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="topLeft"
      title="快捷回复"
      content={
        <div className="yct-achat-canned">
          {list}
          <div className="yct-achat-canned__add">
            <Input
              size="small"
              value={draft}
              maxLength={CANNED_TEXT_MAX}
              onChange={(e) => setDraft(e.target.value)}
              onPressEnter={add}
              placeholder="添加我的快捷回复"
              status={problem ? 'error' : undefined}
            />
            <Button size="small" onClick={add} loading={save.isPending} disabled={!draft.trim()}>
              添加
            </Button>
          </div>
          {problem ? <div className="yct-achat-canned__problem">{problem}</div> : null}
        </div>
      }
    >
      <Button size="small" type="text" icon={<ThunderboltOutlined />} data-testid="chat-canned">
        快捷回复
      </Button>
    </Popover>
  );
}
