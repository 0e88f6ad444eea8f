/** Small pieces of a batch row: its status tag (with the reason of a hold) and its expiry with the days left. */
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
