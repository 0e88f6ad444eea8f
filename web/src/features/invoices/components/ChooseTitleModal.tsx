/**
 * 选择抬头开票: a waiting invoice (待开票) is issued with the title picked here, the default one first; a buyer
 * with no title adds one in the same dialog.
 */
import { App, Modal, Radio, Space } from 'antd';
import { useEffect, useState } from 'react';
import type { Invoice } from '@core/schemas/invoices';
import { isApiError } from '@/api/client';
import { ErrorState } from '@/ui/ErrorState';
import { PanelLoading } from '@/ui/account/PanelStates';
import { useChooseTitle } from '../api/choose-title';
import { useTitles } from '../api/get-titles';
import { yuanText } from '../lib/format';
import { TitleFormModal } from './TitleFormModal';

type Props = { invoice: Invoice | null; onClose: () => void };

export function ChooseTitleModal({ invoice, onClose }: Props) {
  const titles = useTitles(invoice !== null);
  const choose = useChooseTitle();
  const { message } = App.useApp();
  const [picked, setPicked] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const first = titles.data?.[0]?.id ?? null;

  useEffect(() => {
    if (invoice) setPicked(first);
  }, [invoice, first]);

  const issue = async () => {
    if (!invoice || !picked) return;
    try {
      const done = await choose.mutateAsync({ id: invoice.id, titleId: picked });
      void message.success(`发票已开具，发票号码 ${done.invoice_no}`);
      onClose();
    } catch (e) {
      if (isApiError(e) && Object.keys(e.fieldErrors).length) void message.error(Object.values(e.fieldErrors)[0][0]);
    }
  };

  let body;
  if (titles.isPending) body = <PanelLoading />;
  else if (titles.isError) body = <ErrorState compact onRetry={() => void titles.refetch()} retrying={titles.isFetching} />;
  else if (!titles.data.length)
    body = (
      <p className="yct-fp-choose__none">
        还没有发票抬头，请先
        <button type="button" className="yct-linkbtn" onClick={() => setAdding(true)} data-testid="choose-add-title">
          新增发票抬头
        </button>
      </p>
    );
  else
    body = (
      <Radio.Group value={picked} onChange={(e) => setPicked(e.target.value as number)} className="yct-fp-choose__list" data-testid="choose-titles">
        <Space direction="vertical" size={8} style={{ width: '100%' }}>
          {titles.data.map((t) => (
            <Radio key={t.id} value={t.id} className="yct-fp-choose__item" data-testid="choose-title">
              <b>{t.company}</b>
              {t.is_default ? <em className="yct-fp-choose__default">默认</em> : null}
              <span className="yct-fp-mono">税号 {t.tax_no}</span>
            </Radio>
          ))}
          <button type="button" className="yct-linkbtn" onClick={() => setAdding(true)} data-testid="choose-add-title">
            + 使用新的抬头
          </button>
        </Space>
      </Radio.Group>
    );

  return (
    <>
      <Modal
        open={invoice !== null && !adding}
        title="选择发票抬头并开票"
        okText="确认开票"
        cancelText="取消"
        onOk={() => void issue()}
        onCancel={onClose}
        okButtonProps={{ disabled: !picked, 'data-testid': 'choose-submit' }}
        confirmLoading={choose.isPending}
        destroyOnHidden
        width={560}
      >
        {invoice ? (
          <p className="yct-fp-choose__order">
            订单 <b>{invoice.order_no}</b>，开票金额 <b className="yct-fp-amount">{yuanText(invoice.amount)}</b>
          </p>
        ) : null}
        {body}
      </Modal>
      <TitleFormModal open={adding} title={null} first={!titles.data?.length} onClose={() => setAdding(false)} onSaved={(t) => setPicked(t.id)} />
    </>
  );
}
