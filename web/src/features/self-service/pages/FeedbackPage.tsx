/**
 * /zzfw/yjfk 意见反馈: the form (type 商品/物流/服务/网站/投诉/其他, content, up to 4 pictures, a contact), each field
 * checked with the schema the server checks it with; below it the account's feedback, newest first, with the
 * pictures and the operator's reply.
 */
import '../self-service.css';
import { Button, Form, Image, Input, Radio } from 'antd';
import { useState } from 'react';
import {
  FEEDBACK_KINDS,
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_TYPE_TEXT,
  FeedbackStatus,
  feedbackBody,
  type Feedback,
  type FeedbackInput,
} from '@core/schemas/self-service';
import { isApiError } from '@/api/client';
import { applyServerErrors, zodRule } from '@/lib/form';
import { useToast } from '@/lib/use-toast';
import { EmptyState } from '@/ui/EmptyState';
import { ImagesUpload } from '@/ui/ImagesUpload';
import { PagedList } from '@/ui/PagedTable';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { Loading, RequireMember } from '@/ui/account/RequireMember';
import { useFeedbackList, useFileFeedback } from '../api/feedback';
import { feedbackStateClass, timeText } from '../lib/labels';

const shape = feedbackBody.shape;
const KIND_OPTIONS = FEEDBACK_KINDS.map((k) => ({ value: k, label: FEEDBACK_TYPE_TEXT[k] }));

function FeedbackForm() {
  const [form] = Form.useForm<FeedbackInput>();
  const file = useFileFeedback();
  const toast = useToast();
  const [error, setError] = useState('');
  // A new ImagesUpload after each filing: it keeps its own list of files.
  const [round, setRound] = useState(0);

  const submit = (values: FeedbackInput) => {
    setError('');
    file.mutate(
      { ...values, images: values.images ?? [] },
      {
        onSuccess: (saved) => {
          void toast.success(saved.already ? '该反馈刚刚已提交，无需重复提交' : '感谢您的反馈，我们会尽快处理并回复');
          form.resetFields();
          setRound((n) => n + 1);
        },
        onError: (e) => {
          const rest = applyServerErrors(form, e, (field) => [field.split('.')[0]]);
          if (isApiError(e) && e.code === 422) setError(rest[0] ?? '');
        },
      },
    );
  };

  return (
    <Form<FeedbackInput>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '96px' }}
      className="yct-ss-form yct-ss-form--feedback"
      initialValues={{ type: 'goods', images: [] }}
      onFinish={submit}
      onValuesChange={() => setError('')}
      data-testid="feedback-form"
    >
      <Form.Item label="反馈类型" name="type" required rules={[zodRule(shape.type)]}>
        <Radio.Group optionType="button" options={KIND_OPTIONS} data-testid="feedback-type" />
      </Form.Item>
      <Form.Item label="反馈内容" name="content" required rules={[zodRule(shape.content)]} validateTrigger="onBlur">
        <Input.TextArea
          rows={5}
          maxLength={500}
          showCount
          placeholder="请详细描述您遇到的问题或建议，如订单号、商品名称、发生时间等（至少5个字）"
          data-testid="feedback-content"
        />
      </Form.Item>
      <Form.Item label="上传图片" name="images" rules={[zodRule(shape.images)]}>
        <ImagesUpload key={round} max={FEEDBACK_MAX_IMAGES} testId="feedback-images" />
      </Form.Item>
      <Form.Item label="联系方式" name="contact" rules={[zodRule(shape.contact)]} validateTrigger="onBlur">
        <Input maxLength={40} placeholder="手机号、QQ 或邮箱，选填，方便我们联系您" style={{ width: 340 }} data-testid="feedback-contact" />
      </Form.Item>
      {error ? <p className="yct-form-error">{error}</p> : null}
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={file.isPending} className="yct-ss-submit" data-testid="feedback-submit">
          提交反馈
        </Button>
      </Form.Item>
    </Form>
  );
}

function FeedbackItem({ f }: { f: Feedback }) {
  return (
    <li className="yct-ss-fb" data-testid="feedback-item" data-id={f.id} data-status={f.status}>
      <div className="yct-ss-fb__head">
        <span className="yct-ss-fb__type">{f.type_text}</span>
        <span className="yct-muted">{timeText(f.created_at)}</span>
        <span className={feedbackStateClass(f.status)} data-testid="feedback-status">
          {f.status_text}
        </span>
      </div>
      <p className="yct-ss-fb__content">{f.content}</p>
      {f.images.length ? (
        <div className="yct-ss-fb__pics" data-testid="feedback-pictures">
          <Image.PreviewGroup>
            {f.images.map((src) => (
              <Image key={src} src={src} width={64} height={64} alt="反馈图片" />
            ))}
          </Image.PreviewGroup>
        </div>
      ) : null}
      {f.reply ? (
        <div className="yct-ss-fb__reply" data-testid="feedback-reply">
          <div className="yct-ss-fb__reply-head">
            <b>客服回复</b>
            <span className="yct-muted">{timeText(f.replied_at)}</span>
          </div>
          <p>{f.reply}</p>
        </div>
      ) : f.status === FeedbackStatus.pending ? (
        <div className="yct-ss-fb__reply is-waiting">我们已收到您的反馈，客服会尽快处理并回复。</div>
      ) : null}
    </li>
  );
}

function FeedbackList() {
  const [page, setPage] = useState(1);
  const list = useFeedbackList(page);
  return (
    <PagedList<Feedback>
      query={list}
      loading={<Loading />}
      empty={<EmptyState description="暂无反馈记录" compact />}
      pager={{ className: 'yct-acct__pager', onChange: setPage }}
    >
      {(rows, refreshing) => (
        <ul className={`yct-ss-fblist${refreshing ? ' is-refreshing' : ''}`} data-testid="feedback-list">
          {rows.map((f) => (
            <FeedbackItem key={f.id} f={f} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}

export default function FeedbackPage() {
  return (
    <AccountLayout title="意见反馈">
      <RequireMember>
        <p className="yct-acct-intro">您的每一条意见我们都会认真阅读。投诉类反馈将由专人跟进，一般在 1 个工作日内回复，结果同时通过“我的消息”通知您。</p>
        <section className="yct-acct-sec">
          <h3 className="yct-acct-sec__title">我要反馈</h3>
          <FeedbackForm />
        </section>
        <section className="yct-acct-sec">
          <h3 className="yct-acct-sec__title">我的反馈</h3>
          <FeedbackList />
        </section>
      </RequireMember>
    </AccountLayout>
  );
}
