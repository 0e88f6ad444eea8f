/**
 * /admin/feedback 意见反馈 (service:reply): every buyer's feedback, newest first, by state, type and keyword (content,
 * buyer), with its pictures, exported as CSV; 回复 (a later one replaces it) and 关闭 tell the buyer.
 */
import { Button, Form, Image, Input, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { FeedbackStatus, type AdminFeedback } from '@core/schemas/self-service';
import type { CsvColumn } from '@/lib/admin/csv';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { FilterForm } from '@/ui/admin/FilterForm';
import { FEEDBACK_FILTERS, FEEDBACK_KEY, getFeedback } from '../api/feedback';
import { FeedbackModal, type FeedbackTask } from '../components/FeedbackModal';
import { FEEDBACK_STATUS_COLOURS, FEEDBACK_STATUS_OPTIONS, FEEDBACK_TYPE_COLOURS, FEEDBACK_TYPE_OPTIONS, timeText } from '../lib/labels';
import '../admin-self-service.css';

const csv: CsvColumn<AdminFeedback>[] = [
  { title: '编号', value: (f) => f.id },
  { title: '提交时间', value: (f) => timeText(f.created_at) },
  { title: '客户', value: (f) => f.company },
  { title: '用户名', value: (f) => f.username },
  { title: '类型', value: (f) => f.type_text },
  { title: '内容', value: (f) => f.content },
  { title: '图片数', value: (f) => f.images.length },
  { title: '联系方式', value: (f) => f.contact },
  { title: '状态', value: (f) => f.status_text },
  { title: '回复', value: (f) => f.reply },
  { title: '回复人', value: (f) => f.replied_by },
  { title: '回复时间', value: (f) => timeText(f.replied_at) },
];

export default function FeedbackPage() {
  const [task, setTask] = useState<FeedbackTask | null>(null);
  const columns: TableColumnsType<AdminFeedback> = [
    {
      title: '提交时间',
      key: 'at',
      width: 120,
      render: (_, f) => (
        <div className="yct-admin-ss__two">
          <span>{timeText(f.created_at)}</span>
          <small>#{f.id}</small>
        </div>
      ),
    },
    {
      title: '客户',
      key: 'buyer',
      width: 160,
      ellipsis: true,
      render: (_, f) => (
        <div className="yct-admin-ss__two">
          <span title={f.company}>{f.company}</span>
          <small>{f.contact ? `联系：${f.contact}` : f.username}</small>
        </div>
      ),
    },
    { title: '类型', key: 'type', width: 70, render: (_, f) => <Tag color={FEEDBACK_TYPE_COLOURS[f.type]}>{f.type_text}</Tag> },
    {
      title: '反馈内容',
      key: 'content',
      render: (_, f) => (
        <div className="yct-admin-ss__content">
          <span title={f.content} data-testid="feedback-row-content" data-id={f.id}>
            {f.content}
          </span>
          {f.images.length ? (
            <div className="yct-admin-ss__pics" data-testid="feedback-row-pictures">
              <Image.PreviewGroup>
                {f.images.map((src) => (
                  <Image key={src} src={src} width={36} height={36} alt="反馈图片" />
                ))}
              </Image.PreviewGroup>
            </div>
          ) : null}
        </div>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 80,
      render: (_, f) => (
        <Tag color={FEEDBACK_STATUS_COLOURS[f.status]} data-testid="feedback-row-status">
          {f.status_text}
        </Tag>
      ),
    },
    {
      title: '回复',
      key: 'reply',
      width: 220,
      render: (_, f) =>
        f.reply ? (
          <div className="yct-admin-ss__reply">
            <span title={f.reply} data-testid="feedback-row-reply">
              {f.reply}
            </span>
            <small>{[f.replied_by, timeText(f.replied_at)].filter(Boolean).join(' · ')}</small>
          </div>
        ) : (
          <span className="yct-admin-ss__none">—</span>
        ),
    },
    {
      title: '操作',
      key: 'op',
      width: 110,
      fixed: 'right',
      render: (_, f) =>
        f.status === FeedbackStatus.closed ? (
          <span className="yct-admin-ss__none">已关闭</span>
        ) : (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setTask({ feedback: f, action: 'reply' })} data-testid="feedback-reply">
              {f.status === FeedbackStatus.replied ? '改回复' : '回复'}
            </Button>
            <Button type="link" size="small" danger onClick={() => setTask({ feedback: f, action: 'close' })} data-testid="feedback-close">
              关闭
            </Button>
          </Space>
        ),
    },
  ];
  return (
    <AdminPanel title="意见反馈" data-testid="feedback-page">
      <AdminTable<AdminFeedback>
        data-testid="feedback-table"
        queryKey={FEEDBACK_KEY}
        fetchPage={getFeedback}
        filterKeys={FEEDBACK_FILTERS}
        rowKey="id"
        columns={columns}
        scrollX={1000}
        csv={{ name: '意见反馈', columns: csv }}
        emptyText="暂无意见反馈"
        filters={
          <FilterForm keys={FEEDBACK_FILTERS} data-testid="feedback-filters">
            <Form.Item name="keyword" label="关键词">
              <Input placeholder="反馈内容或客户" allowClear style={{ width: 200 }} data-testid="feedback-keyword" />
            </Form.Item>
            <Form.Item name="type" label="类型">
              <Select allowClear placeholder="全部" style={{ width: 100 }} options={FEEDBACK_TYPE_OPTIONS} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Select allowClear placeholder="全部" style={{ width: 100 }} options={FEEDBACK_STATUS_OPTIONS} data-testid="feedback-status" />
            </Form.Item>
          </FilterForm>
        }
      />
      <FeedbackModal task={task} onClose={() => setTask(null)} />
    </AdminPanel>
  );
}
