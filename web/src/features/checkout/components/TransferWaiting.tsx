/** An order whose buyer chose bank transfer: the account to pay into, until the operator confirms the money. */
import type { OrderDetail } from '@core/schemas/trade';
import { ErrorState } from '@/ui/ErrorState';
import { useTransferDetails } from '../api/pay-order';
import { BankTransfer } from './BankTransfer';
import { PageLoading } from './RequireBuyer';

export function TransferWaiting({ order }: { order: OrderDetail }) {
  const bank = useTransferDetails(order.id, true);
  if (bank.isPending) return <PageLoading />;
  if (bank.isError) return <ErrorState compact onRetry={() => void bank.refetch()} />;
  return <BankTransfer bank={bank.data} amount={order.pay_amount} />;
}
