/**
 * Small pieces of a batch row: its status tag (with the reason of a hold), its expiry with the days left, and where
 * its units sell (with the goods, in the near-expiry zone at its price, or not and why).
 */
import { Tag, Tooltip } from 'antd';
import type { AdminBatch } from '@core/schemas/quality';

const STATUS_COLOR: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'red', 3: 'default' };

export function BatchStatusTag({ batch }: { batch: Pick<AdminBatch, 'status' | 'status_text' | 'reason'> }) {
  const tag = (
    <Tag color={STATUS_COLOR[batch.status]} data-testid="batch-status">
      {batch.status_text}
    </Tag>
  );
  return batch.reason ? <Tooltip title={batch.reason}>{tag}</Tooltip> : tag;
}

export function ExpiryCell({ batch }: { batch: Pick<AdminBatch, 'xq' | 'days_left'> }) {
  const d = batch.days_left;
  const cls = d < 0 ? 'is-expired' : d <= 90 ? 'is-near' : d <= 180 ? 'is-soon' : '';
  return (
    <div className="yct-aq-stack">
      <span className="yct-aq-mono">{batch.xq}</span>
      <span className={`yct-aq-days ${cls}`}>{d < 0 ? `已过期${-d}天` : `剩余${d}天`}</span>
    </div>
  );
}

const units = (n: number, unit: string) => `${n}${unit}`;

/** 可售: the free units that sell with the goods, or 近效期专场 with its units and price, or 不可售 and why. */
export function SaleCell({ batch }: { batch: AdminBatch }) {
  if (batch.sale === 'goods')
    return (
      <b className="yct-aq-ok" data-testid="batch-sale">
        {units(batch.free, batch.bzdw)}
      </b>
    );
  if (batch.sale === 'near')
    return (
      <div className="yct-aq-stack yct-aq-sale" data-testid="batch-sale">
        <Tooltip title="剩余效期短于商品的最短销售效期：不随商品销售，在近效期专场按近效期价销售">
          <Tag color="orange" className="yct-aq-tag">
            {batch.sale_text}
          </Tag>
        </Tooltip>
        <span>{units(batch.free, batch.bzdw)}</span>
        <span className="yct-aq-near-price">
          <b className="yct-aq-money">¥{batch.near_price}</b>
          {batch.near_rate !== null ? <span className="yct-aq-days">默认{batch.near_rate}%</span> : null}
        </span>
      </div>
    );
  return (
    <div className="yct-aq-stack yct-aq-sale" data-testid="batch-sale">
      <span className="yct-muted">{batch.sale_text}</span>
      {/* A status that stops the sale is already the status column's tag. */}
      {batch.sale_note && batch.sale_note !== batch.status_text ? <span className="yct-aq-days">{batch.sale_note}</span> : null}
    </div>
  );
}
