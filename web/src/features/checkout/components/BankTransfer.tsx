/** The site's bank account for 对公转账, each figure copyable, with what happens after the transfer. */
import { Typography } from 'antd';
import type { BankDetails } from '@core/schemas/trade';
import { money } from '../lib/checkout';

export function BankTransfer({ bank, amount }: { bank: BankDetails; amount: string }) {
  return (
    <div className="yct-co-bank" data-testid="bank-details">
      <h3>请通过企业对公账户转账至以下账户</h3>
      <dl>
        <div>
          <dt>开户银行</dt>
          <dd data-testid="bank-name">{bank.bank_name}</dd>
        </div>
        <div>
          <dt>账户名称</dt>
          <dd>
            <Typography.Text copyable={{ text: bank.account_name, tooltips: ['复制', '已复制'] }} data-testid="bank-account-name">
              {bank.account_name}
            </Typography.Text>
          </dd>
        </div>
        <div>
          <dt>银行账号</dt>
          <dd className="yct-co-bank__no">
            <Typography.Text copyable={{ text: bank.account_no.replace(/\s/g, ''), tooltips: ['复制', '已复制'] }} data-testid="bank-account-no">
              {bank.account_no}
            </Typography.Text>
          </dd>
        </div>
        <div>
          <dt>转账金额</dt>
          <dd className="yct-co-money">{money(amount)}</dd>
        </div>
        <div>
          <dt>转账备注</dt>
          <dd className="yct-co-bank__memo">{bank.memo}</dd>
        </div>
      </dl>
      <p className="yct-co-bank__note" data-testid="transfer-note">
        转账完成后，订单将等待平台财务确认到账（通常1个工作日内），确认后即安排发货。请在7天内完成转账，逾期订单将自动取消。
      </p>
    </div>
  );
}
