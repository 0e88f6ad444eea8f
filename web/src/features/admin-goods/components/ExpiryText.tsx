import { Tooltip } from 'antd';
import { chinaToday } from '@core/schemas/admin-goods';

const NEAR_DAYS = 183;

/** An expiry date, orange within six months (near-expiry, 近效期) and red once past. */
export function ExpiryText({ date }: { date: string }) {
  const today = chinaToday();
  if (date < today)
    return (
      <Tooltip title="已过效期">
        <span className="yct-admin-goods__expired">{date}</span>
      </Tooltip>
    );
  const days = (Date.parse(date) - Date.parse(today)) / 86_400_000;
  if (days <= NEAR_DAYS)
    return (
      <Tooltip title={`近效期：${Math.round(days)}天后到期`}>
        <span className="yct-admin-goods__near">{date}</span>
      </Tooltip>
    );
  return <span>{date}</span>;
}
