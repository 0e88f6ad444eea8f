/**
 * 近效期价 of a batch from its row (goods:write): the price its units sell at in the near-expiry zone once it is within
 * its goods' minimum shelf life; empty sells it at the site's default rate of the base price.
 */
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminBatch } from '@core/schemas/quality';
import { useCan } from '@/lib/admin/me';
import { ActionFormModal } from '@/ui/admin/ActionFormModal';
import { useClearancePrice, useSetClearancePrice } from '../api/clearance-price';

export function ClearancePriceButton({ batch }: { batch: AdminBatch }) {
  const [open, setOpen] = useState(false);
  // The default rate is set on 站点设置, a page of content:write.
  const mayEditRate = useCan('content:write');
  const current = useClearancePrice(batch.id, open);
  const save = useSetClearancePrice();
  const c = current.data;
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} loading={open && current.isLoading} data-testid="batch-clearance">
        近效期价
      </Button>
      {c ? (
        <ActionFormModal<{ price: string }>
          key={`${c.id}:${c.clearance_price ?? ''}`}
          open={open}
          title={`近效期价 ${batch.name} 批号 ${batch.batch_no}`}
          okText="保存"
          initialValues={{ price: c.clearance_price ?? '' }}
          onClose={() => setOpen(false)}
          submit={(v) => save.mutateAsync({ id: batch.id, price: v.price.trim() === '' ? null : v.price.trim() })}
          done={(v) => (v.price.trim() === '' ? `已改为默认折扣（基准价的${c.rate}%）` : `近效期价已设为 ¥${v.price.trim()}`)}
          note={`基准价 ¥${c.base_price}，效期至 ${c.xq}；${c.near ? '该批号已进入近效期，正在近效期专场销售' : '该批号尚未进入近效期，进入后在近效期专场按此价销售'}。当前售价 ¥${c.near_price}${c.clearance_price === null ? `（默认折扣 ${c.rate}%）` : ''}。`}
          testId="clearance"
        >
          <Form.Item
            name="price"
            label="近效期价（元）"
            extra={
              <>
                留空则按基准价的{c.rate}%销售（近效期默认折扣
                {mayEditRate ? (
                  <>
                    ，在<Link to="/admin/site-settings">站点设置</Link>中修改
                  </>
                ) : null}
                ）
              </>
            }
          >
            <Input prefix="¥" placeholder={c.near_price} maxLength={12} data-testid="clearance-price" />
          </Form.Item>
        </ActionFormModal>
      ) : null}
    </>
  );
}
