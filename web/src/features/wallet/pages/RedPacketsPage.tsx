/** /wdqb/zhhb 账户红包: the red packet balance, how it may be used at checkout, and its log. */
import { Link } from 'react-router';
import { useUserMoney } from '../api/get-user-money';
import { LedgerPanel } from '../components/LedgerPanel';
import { Section, WalletLayout } from '../components/WalletLayout';
import { money } from '../lib/format';

export default function RedPacketsPage() {
  const m = useUserMoney().data;
  return (
    <WalletLayout tab="zhhb" title="账户红包">
      <div className="yct-wal-hero yct-wal-hero--packet" data-testid="packet-hero">
        <div className="yct-wal-hero__main">
          <span className="yct-wal-hero__label">红包余额（元）</span>
          <strong className="yct-wal-hero__value" data-testid="packet-value">
            {m ? money(m.red_packet) : '--'}
          </strong>
          <span className="yct-muted">来自活动发放、满返和订单取消退回</span>
        </div>
        <ul className="yct-wal-rules">
          <li>下单时勾选“使用账户红包”，可抵扣订单商品金额的 {m?.red_packet_share ?? 10}%</li>
          <li>含麻黄碱类复方制剂订单不可使用红包</li>
          <li>订单取消后，已抵扣的红包原路退回</li>
          <li>
            <Link to="/list" className="yct-wal-link">
              去采购使用红包 ›
            </Link>
          </li>
        </ul>
      </div>
      <Section title="红包明细" testId="packet-log">
        <LedgerPanel instrument="red_packet" labels={['获得', '使用']} empty="暂无红包记录" />
      </Section>
    </WalletLayout>
  );
}
