/** 发放: chosen approved buyers each receive one copy of the coupon; buyers are found by company, username or phone. */
import { App, Modal, Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { AdminCoupon } from '@core/schemas/admin-promotions';
import { findBuyers, useIssueCoupon } from '../api/coupons';

type Option = { value: number; label: string };

export function IssueModal({ coupon, onClose }: { coupon: AdminCoupon | null; onClose: () => void }) {
  const issue = useIssueCoupon();
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<number[]>([]);
  const [options, setOptions] = useState<Option[]>([]);
  const [searching, setSearching] = useState(false);
  const pending = useRef<AbortController | null>(null);

  useEffect(() => {
    setChosen([]);
    setOptions([]);
  }, [coupon]);

  const search = async (keyword: string) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setSearching(true);
    try {
      const page = await findBuyers(keyword.trim(), controller.signal);
      setOptions(page.data.map((u) => ({ value: u.id, label: `${u.company || u.username}（${u.username} ${u.phone}）` })));
    } catch {
      // a newer search took its place, or the list failed: keep what is shown
    } finally {
      if (pending.current === controller) setSearching(false);
    }
  };

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
      <Select
        mode="multiple"
        showSearch
        filterOption={false}
        onSearch={(k) => void search(k)}
        onFocus={() => void (options.length ? null : search(''))}
        notFoundContent={searching ? <Spin size="small" /> : '输入企业名称、用户名或手机号查找'}
        options={options}
        value={chosen}
        onChange={setChosen}
        placeholder="查找并选择客户"
        style={{ width: '100%' }}
        data-testid="issue-buyers"
      />
    </Modal>
  );
}
