/**
 * /zhzx/zzzj 资质证件: where the review stands and what to do next, every licence with its number, validity,
 * picture and review state, a warning 30 days before one expires, and a new picture (重新上传) for review.
 */
import '../account.css';
import { Alert, DatePicker, Form, Image, Input, Modal, Table, Tag, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type HTMLAttributes } from 'react';
import { Link } from 'react-router';
import { licenceUploadBody } from '@core/schemas/member';
import type { Licence, LicenceList, LicenceState } from '@core/schemas/member';
import { chinaPickerValue } from '@/lib/china-time';
import { applyServerErrors, zodRule } from '@/lib/form';
import { useToast } from '@/lib/use-toast';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { LicenceUpload } from '@/ui/LicenceUpload';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { PanelLoading } from '@/ui/account/PanelStates';
import { RequireAccount } from '@/ui/account/RequireAccount';
import { useLicences, useUploadLicence } from '../api/licences';

/** The licence being given a new picture: one held (id) or a type not held yet. */
type Target = Pick<Licence, 'type'> & { id?: number; name: string; number?: string };

const STATUS_COLOR = { 0: 'orange', 1: 'green', 2: 'red' } as const;
const ALERT_TYPE: Record<LicenceState['state'], 'success' | 'info' | 'warning' | 'error'> = {
  approved: 'success',
  waiting: 'info',
  incomplete: 'warning',
  expiring: 'warning',
  expired: 'error',
  rejected: 'error',
};

export function StateBanner({ state }: { state: LicenceState }) {
  return (
    <Alert
      showIcon
      type={ALERT_TYPE[state.state]}
      className="yct-zz__state"
      data-testid="licence-state"
      data-state={state.state}
      message={<b>{state.text}</b>}
      description={state.tip}
      action={
        state.action && state.action.to !== '/zhzx/zzzj' ? (
          <Link to={state.action.to} className="yct-btn yct-btn--primary">
            {state.action.label}
          </Link>
        ) : null
      }
    />
  );
}

function Validity({ licence }: { licence: Licence }) {
  if (!licence.valid_until) return <span className="yct-muted">长期有效</span>;
  return (
    <span className="yct-zz__validity">
      {licence.valid_until}
      {licence.expiry === 2 ? (
        <Tag color="red" data-testid="licence-expired">
          已过期
        </Tag>
      ) : licence.expiry === 1 ? (
        <Tag color="orange" data-testid="licence-expiring">
          {licence.days_left === 0 ? '今天到期' : `${licence.days_left}天后到期`}
        </Tag>
      ) : null}
    </span>
  );
}

function UploadModal({ target, onClose }: { target: Target | null; onClose: () => void }) {
  const [form] = Form.useForm<{ image?: string; number?: string; valid_until?: Dayjs | null }>();
  const upload = useUploadLicence();
  const toast = useToast();
  const shape = licenceUploadBody.shape;
  const submit = (values: { image?: string; number?: string; valid_until?: Dayjs | null }) => {
    if (!target) return;
    upload.mutate(
      { id: target.id, type: target.type, image: values.image ?? '', number: values.number ?? '', valid_until: values.valid_until?.format('YYYY-MM-DD') ?? '' },
      {
        onSuccess: () => {
          void toast.success('已提交，等待审核');
          onClose();
        },
        onError: (e) => void applyServerErrors(form, e),
      },
    );
  };
  return (
    <Modal
      open={target !== null}
      title={target ? `${target.id ? '重新上传' : '上传'}${target.name}` : ''}
      okText="提交审核"
      cancelText="取消"
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={upload.isPending}
      destroyOnHidden
      centered
    >
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '90px' }}
        onFinish={submit}
        initialValues={{ number: target?.number ?? '' }}
        preserve={false}
        data-testid="licence-form"
      >
        <Form.Item label="证件图片" name="image" rules={[{ required: true, message: '请上传资质图片' }]} required>
          <LicenceUpload testId="licence-image" />
        </Form.Item>
        <Form.Item label="证件编号" name="number" rules={[zodRule(shape.number)]}>
          <Input maxLength={60} placeholder="请输入证件上的编号" data-testid="licence-number" />
        </Form.Item>
        <Form.Item label="有效期至" name="valid_until" rules={[{ required: true, message: '请选择有效期' }]} required>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isBefore(chinaPickerValue().startOf('day'))} data-testid="licence-valid-until" />
        </Form.Item>
        <p className="yct-muted">
          支持 JPG、PNG、GIF、WEBP 图片或 PDF，不超过10MB。提交后新证件进入审核：原证件未过期的，审核期间照常采购；已过期的，审核通过后即可继续采购。
        </p>
      </Form>
    </Modal>
  );
}

function Licences({ data, onUpload }: { data: LicenceList; onUpload: (t: Target) => void }) {
  const expiring = data.list.filter((l) => l.expiry > 0);
  const missing = data.required.filter((r) => !r.held);
  const columns: TableColumnsType<Licence> = [
    {
      title: '证件图片',
      dataIndex: 'image',
      width: 110,
      render: (image: string, l) =>
        image.endsWith('.pdf') ? (
          <a href={image} target="_blank" rel="noreferrer">
            查看PDF
          </a>
        ) : (
          <Image src={image} alt={l.type_name} width={80} height={56} className="yct-zz__thumb" preview={{ mask: '预览' }} />
        ),
    },
    { title: '证件名称', dataIndex: 'type_name', width: 170, render: (name: string) => <b>{name}</b> },
    { title: '证件编号', dataIndex: 'number', render: (n: string) => n || <span className="yct-muted">—</span> },
    { title: '有效期至', key: 'valid', width: 190, render: (_, l) => <Validity licence={l} /> },
    {
      title: '审核状态',
      dataIndex: 'status',
      width: 130,
      render: (status: 0 | 1 | 2, l) => (
        <>
          <Tag color={STATUS_COLOR[status]} data-testid="licence-status">
            {l.status_text}
          </Tag>
          {l.remark ? <div className="yct-zz__remark">{l.remark}</div> : null}
        </>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 100,
      align: 'center',
      render: (_, l) => (
        <button
          type="button"
          className="yct-linkbtn yct-zz__reupload"
          onClick={() => onUpload({ id: l.id, type: l.type, name: l.type_name, number: l.number })}
          data-testid="licence-reupload"
        >
          重新上传
        </button>
      ),
    },
  ];
  return (
    <>
      <StateBanner state={data.state} />
      {expiring.length && data.state.state !== 'expiring' && data.state.state !== 'expired' ? (
        <Alert
          type="warning"
          showIcon
          className="yct-zz__warn"
          data-testid="licence-expiry-warning"
          message={`以下证件${expiring.some((l) => l.expiry === 2) ? '已过期或' : ''}将在${data.warn_days}天内到期，请及时上传新证件：${expiring.map((l) => `${l.type_name}（${l.valid_until}）`).join('、')}`}
        />
      ) : null}
      {missing.length ? (
        <div className="yct-zz__missing" data-testid="licence-missing">
          尚未上传：
          {missing.map((m) => (
            <button key={m.type} type="button" className="yct-btn" onClick={() => onUpload({ type: m.type, name: m.name })}>
              上传{m.name}
            </button>
          ))}
        </div>
      ) : null}
      {data.list.length ? (
        <Table<Licence>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data.list}
          pagination={false}
          className="yct-zz__table"
          rowClassName={(l) => (l.expiry ? 'is-expiring' : '')}
          onRow={(l) => ({ 'data-testid': 'licence-row', 'data-type': l.type }) as HTMLAttributes<HTMLElement>}
        />
      ) : (
        <EmptyState description="暂无资质证件" />
      )}
      <p className="yct-zz__note">需要上传的证件：{data.required.map((r) => r.name).join('、')}。证件信息须与营业执照一致，如有疑问请联系您的专属客服。</p>
    </>
  );
}

function LicencesBody() {
  const query = useLicences();
  const [target, setTarget] = useState<Target | null>(null);
  let body;
  if (query.isPending) body = <PanelLoading />;
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else body = <Licences data={query.data} onUpload={setTarget} />;
  return (
    <div data-testid="licences-page">
      {body}
      <UploadModal target={target} onClose={() => setTarget(null)} />
    </div>
  );
}

export default function LicencesPage() {
  return (
    <AccountLayout
      title="资质证件"
      extra={
        <Link to="/help/xrzn/hyzc?id=66" className="yct-acct__titlelink">
          资质要求说明 ›
        </Link>
      }
    >
      <RequireAccount>
        <LicencesBody />
      </RequireAccount>
    </AccountLayout>
  );
}
