/**
 * What can be done to a batch from its row, as the operator's permissions allow: 放行 / 不合格 of a 待验 batch,
 * 锁定 (召回) of one that sells, 解除锁定 and the recall list of a locked one, 退货验收, its report, and its 近效期价.
 */
import { Button, Dropdown, Form, Input, Radio, Space } from 'antd';
import { useState } from 'react';
import { lockBody } from '@core/schemas/quality';
import type { AdminBatch } from '@core/schemas/quality';
import { useCan } from '@/lib/admin/me';
import { zodRule } from '@/lib/form';
import { ActionFormModal, ReasonPicks } from '@/ui/admin/ActionFormModal';
import { ConfirmButton } from '@/ui/admin/ConfirmButton';
import { reportUrl, useAttachReport, useInspectReturns, useLock, useRelease, useUnlock } from '../api/batches';
import { ClearancePriceButton } from './ClearancePriceButton';
import { ReportField } from './ReportField';

type Open = 'verdict' | 'lock' | 'report' | null;

const LOCK_REASONS = ['药监部门通报该批号质量问题，召回', '生产企业主动召回', '客户投诉外观异常，待查', '包装破损，暂停销售'];

export function BatchActions({ batch, onRecall }: { batch: AdminBatch; onRecall: (id: number) => void }) {
  const quality = useCan('batch:quality');
  const receiving = useCan('batch:receive');
  const pricing = useCan('goods:write');
  const [open, setOpen] = useState<Open>(null);
  const release = useRelease();
  const lock = useLock();
  const unlock = useUnlock();
  const attach = useAttachReport();
  const returns = useInspectReturns();
  const close = () => setOpen(null);
  const label = `${batch.name} 批号 ${batch.batch_no}`;

  return (
    <Space size={0} wrap>
      {quality && batch.status === 0 ? (
        <Button type="link" size="small" onClick={() => setOpen('verdict')} data-testid="batch-verdict">
          验收
        </Button>
      ) : null}
      {quality && (batch.status === 1 || batch.status === 0) ? (
        <Button type="link" size="small" danger onClick={() => setOpen('lock')} data-testid="batch-lock">
          锁定/召回
        </Button>
      ) : null}
      {quality && batch.status === 2 ? (
        <ConfirmButton type="link" size="small" title={`解除锁定 ${label}？`} description="解除后该批号恢复销售" onConfirm={() => unlock.mutateAsync(batch.id)}>
          解除锁定
        </ConfirmButton>
      ) : null}
      {quality ? (
        <Button type="link" size="small" onClick={() => onRecall(batch.id)} data-testid="batch-recall">
          购买客户
        </Button>
      ) : null}
      {quality && batch.returns_pending > 0 ? (
        <Dropdown
          menu={{
            items: [
              { key: 'release', label: `验收合格，${batch.returns_pending}${batch.bzdw}入库` },
              { key: 'reject', label: '不合格，报损', danger: true },
            ],
            onClick: ({ key }) => void returns.mutateAsync({ id: batch.id, decision: key as 'release' | 'reject' }),
          }}
        >
          <Button type="link" size="small" data-testid="batch-returns">
            退货验收
          </Button>
        </Dropdown>
      ) : null}
      {pricing ? <ClearancePriceButton batch={batch} /> : null}
      {batch.has_report ? (
        <Button type="link" size="small" href={reportUrl(batch.id)} target="_blank" data-testid="batch-report">
          药检报告
        </Button>
      ) : null}
      {receiving ? (
        <Button type="link" size="small" onClick={() => setOpen('report')} data-testid="batch-report-upload">
          {batch.has_report ? '更换报告' : '上传报告'}
        </Button>
      ) : null}

      <ActionFormModal<{ decision: 'release' | 'reject'; reason: string }>
        open={open === 'verdict'}
        title={`验收 ${label}`}
        okText="提交验收结论"
        initialValues={{ decision: 'release', reason: '' }}
        onClose={close}
        submit={(v) => release.mutateAsync({ id: batch.id, ...v })}
        done={(v) => (v.decision === 'release' ? '已放行，该批号开始销售' : '已判定不合格，该批号不会销售')}
        note={`在库 ${batch.quantity}${batch.bzdw}，效期至 ${batch.xq}，供货单位 ${batch.supplier || '—'}${batch.has_report ? '' : '；尚未上传药检报告'}`}
        testId="verdict"
      >
        <Form.Item name="decision" label="验收结论">
          <Radio.Group
            options={[
              { value: 'release', label: '合格，放行销售' },
              { value: 'reject', label: '不合格' },
            ]}
            data-testid="verdict-decision"
          />
        </Form.Item>
        <Form.Item name="reason" label="说明">
          <Input.TextArea rows={2} maxLength={200} placeholder="不合格时必填，如 外观性状不符、检验项目不合格" data-testid="verdict-reason" />
        </Form.Item>
      </ActionFormModal>

      <ActionFormModal<{ reason: string }, { notified: number }>
        open={open === 'lock'}
        title={`锁定 ${label}`}
        okText="锁定并通知客户"
        danger
        onClose={close}
        submit={(v) => lock.mutateAsync({ id: batch.id, reason: v.reason })}
        done={(_, answer) => `已锁定，该批号立即停止销售；已向 ${answer.notified} 家客户发送召回通知`}
        confirm={() => ({ title: '确认锁定该批号？', content: '锁定后立即停止销售，购买过该批号的客户都会收到站内消息。' })}
        note="锁定后该批号立即停止销售（购物车与下单均不可购买），所有购买过该批号的客户将收到站内消息，消息中写明商品、批号与原因。"
        testId="lock"
      >
        <Form.Item name="reason" label="锁定原因" rules={[zodRule(lockBody.shape.reason)]} required>
          <Input.TextArea rows={3} maxLength={200} placeholder="客户将看到此原因" data-testid="lock-reason" />
        </Form.Item>
        <ReasonPicks name="reason" reasons={LOCK_REASONS} />
      </ActionFormModal>

      <ActionFormModal<{ report: string }>
        open={open === 'report'}
        title={`药检报告 ${label}`}
        okText="保存"
        onClose={close}
        submit={(v) => attach.mutateAsync({ id: batch.id, report: v.report })}
        done={() => '药检报告已保存，买家下载时将加盖本站质量管理专用章'}
        testId="report"
      >
        <Form.Item name="report" label="报告文件" rules={[{ required: true, message: '请上传药检报告' }]}>
          <ReportField data-testid="report-file" />
        </Form.Item>
      </ActionFormModal>
    </Space>
  );
}
