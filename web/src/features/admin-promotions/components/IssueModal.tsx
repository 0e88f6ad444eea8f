/** 发放: chosen approved buyers each receive one copy of the coupon; buyers are found by company, username or phone. */
import { App, Modal } from 'antd';
import { useEffect, useState } from 'react';
import type { AdminCoupon } from '@core/schemas/admin-promotions';
import { SearchSelect, type SearchOption } from '@/ui/admin/SearchSelect';
import { findBuyers, useIssueCoupon } from '../api/coupons';

const buyerOptions = async (keyword: string, signal: AbortSignal): Promise<SearchOption[]> =>
  (await findBuyers(keyword, signal)).data.map((u) => ({ value: u.id, label: `${u.company || u.username}（${u.username} ${u.phone}）` }));

export function IssueModal({ coupon, onClose }: { coupon: AdminCoupon | null; onClose: () => void }) {
  const issue = useIssueCoupon();
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<number[]>([]);

  useEffect(() => setChosen([]), [coupon]);

  const submit = async () => {
    if (!coupon) return;
    if (!chosen.length) return void message.warning('请选择要发放的客户');
    try {
      const done = await issue.mutateAsync({ id: coupon.id, userIds: chosen });
      void message.success(`已发放给 ${done.issued} 个客户`);
      onClose();
    } catch {
      // The console's client has shown why as a toast; the dialog stays open with the choice kept.
    }
  };

  const left = coupon && coupon.total > 0 ? coupon.total - coupon.claimed : null;
  return (
    <Modal
      open={Boolean(coupon)}
      title={coupon ? `发放优惠券：${coupon.name}` : ''}
      okText="发放"
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={issue.isPending}
      destroyOnHidden
      width={560}
      okButtonProps={{ 'data-testid': 'issue-submit' }}
    >
      <p className="yct-admin-coupons__hint">每个客户发放 1 张，仅限资质已审核通过的客户{left !== null ? `；剩余 ${left} 张` : ''}。</p>
      <SearchSelect
        mode="multiple"
        find={buyerOptions}
        hint="输入企业名称、用户名或手机号查找"
        value={chosen}
        onChange={(v) => setChosen(Array.isArray(v) ? v : [v])}
        placeholder="查找并选择客户"
        style={{ width: '100%' }}
        data-testid="issue-buyers"
      />
    </Modal>
  );
}
