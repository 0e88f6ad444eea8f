/** The account red packet (账户红包): its balance, the most this order may take, and what it took. */
import { Switch } from 'antd';
import type { Confirm } from '@core/schemas/trade';
import { isZero, money } from '../lib/checkout';

export function RedPacketBox({ packet, onToggle, busy }: { packet: Confirm['red_packet']; onToggle: (use: boolean) => void; busy: boolean }) {
  const empty = isZero(packet.balance);
  return (
    <section className="yct-co-section yct-co-section--row" data-testid="red-packet-section">
      <header className="yct-co-section__head">
        <h2>账户红包</h2>
      </header>
      <div className="yct-co-redpacket">
        <Switch checked={packet.use === 1} disabled={busy || (empty && packet.use !== 1)} onChange={onToggle} data-testid="red-packet-toggle" />
        <span>使用账户红包</span>
        <span className="yct-muted">
          红包余额 <b data-testid="red-packet-balance">{money(packet.balance)}</b>，本单最多可用 <b data-testid="red-packet-max">{money(packet.max)}</b>
          {packet.share_percent ? `（应付金额的${packet.share_percent}%）` : ''}
        </span>
        {packet.use === 1 ? (
          <span className="yct-co-redpacket__used" data-testid="red-packet-used">
            已抵扣 <b>{money(packet.amount)}</b>
          </span>
        ) : null}
      </div>
    </section>
  );
}
