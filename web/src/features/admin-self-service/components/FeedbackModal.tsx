/**
 * 回复 or 关闭 of a buyer's feedback: the feedback with its pictures, and the reply (required) or what was done
 * (optional when closing); the buyer reads either in 我的消息.
 */
import { App, Button, Form, Image, Input, Modal, Tag } from 'antd';
import { useEffect } from 'react';
import { feedbackCloseBody, feedbackReplyBody, type AdminFeedback } from '@core/schemas/self-service';
import { applyServerErrors, zodRule } from '@/lib/form';
import { useAnswerFeedback, type FeedbackAction } from '../api/feedback';
import { FEEDBACK_TYPE_COLOURS, timeText } from '../lib/labels';

type Values = { reply: string };

const REPLIES = [
  '您好，感谢您的反馈，问题已核实并处理，给您带来不便深表歉意。',
  '您好，您的建议已转交相关部门评估，感谢您的支持。',
  '您好，已安排专人与您电话联系处理，请保持电话畅通。',
];

export type FeedbackTask = { feedback: AdminFeedback; action: FeedbackAction };

export function FeedbackModal({ task, onClose }: { task: FeedbackTask | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const answer = useAnswerFeedback();
  const { message } = App.useApp();
  const closing = task?.action === 'close';
  useEffect(() => {
    if (task) form.setFieldsValue({ reply: task.action === 'reply' ? task.feedback.reply : '' });
  }, [form, task]);

  const submit = async (v: Values) => {
    if (!task) return;
    try {
      await answer.mutateAsync({ id: task.feedback.id, action: task.action, body: { reply: v.reply ?? '' } });
      void message.success(closing ? `已关闭：${task.feedback.company} 的反馈` : `已回复：${task.feedback.company} 的反馈，买家将收到站内消息`);
      onClose();
    } catch (e) {
      const left = applyServerErrors(form, e);
      if (left.length) void message.error(left[0]);
    }
  };

  const f = task?.feedback;
  return (
    <Modal
      open={task !== null}
      title={closing ? '关闭反馈' : '回复反馈'}
      okText={closing ? '确认关闭' : '回复并通知买家'}
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={answer.isPending}
      destroyOnHidden
      width={600}
      okButtonProps={{ danger: closing, 'data-testid': 'feedback-answer-save' }}
    >
      {f ? (
        <div className="yct-admin-ss__fb">
          <div className="yct-admin-ss__fb-head">
            <Tag color={FEEDBACK_TYPE_COLOURS[f.type]}>{f.type_text}</Tag>
            <span>
              {f.company}（{f.username}）
            </span>
            <small>{timeText(f.created_at)}</small>
          </div>
          <p>{f.content}</p>
          {f.images.length ? (
            <Image.PreviewGroup>
              {f.images.map((src) => (
                <Image key={src} src={src} width={56} height={56} alt="反馈图片" />
              ))}
            </Image.PreviewGroup>
          ) : null}
          {f.contact ? <small>联系方式：{f.contact}</small> : null}
        </div>
      ) : null}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid="feedback-answer-form">
        <Form.Item
          name="reply"
          label={closing ? '处理说明' : '回复内容'}
          rules={[zodRule(closing ? feedbackCloseBody.shape.reply : feedbackReplyBody.shape.reply)]}
          extra={closing ? '选填；填写后将作为回复展示给买家。关闭后不能再回复。' : '买家会在“意见反馈”和“我的消息”中看到此回复'}
        >
          <Input.TextArea maxLength={500} showCount rows={4} placeholder={closing ? '如：问题已解决' : '请输入回复内容'} data-testid="feedback-answer-text" />
        </Form.Item>
        {closing ? null : (
          <div className="yct-admin-ss__templates">
            {REPLIES.map((t) => (
              <Button
                key={t}
                type="link"
                size="small"
                onClick={() => {
                  form.setFieldsValue({ reply: t });
                  form.validateFields(['reply']).catch(() => undefined);
                }}
              >
                {`${t.slice(0, 22)}…`}
              </Button>
            ))}
          </div>
        )}
      </Form>
    </Modal>
  );
}
