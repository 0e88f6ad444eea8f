/** The dashboard's 30-day chart (recharts, loaded with it only): orders and new buyers as bars, paid amount as a line. */
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Dashboard } from '@core/schemas/admin-dashboard';

export default function TrendChart({ days }: { days: Dashboard['days'] }) {
  const data = days.map((d) => ({ day: d.day.slice(5), 订单数: d.orders, 新增客户: d.new_buyers, 支付金额: Number(d.paid_amount) }));
  return (
    <ResponsiveContainer width="100%" height={300}>
      <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#f0f0f0" vertical={false} />
        <XAxis dataKey="day" tick={{ fontSize: 12 }} interval={2} />
        <YAxis yAxisId="n" allowDecimals={false} tick={{ fontSize: 12 }} width={36} />
        <YAxis
          yAxisId="y"
          orientation="right"
          tick={{ fontSize: 12 }}
          width={72}
          tickFormatter={(v: number) => (v >= 10000 ? `${(v / 10000).toFixed(1)}万` : String(v))}
        />
        <Tooltip formatter={(value, name) => (name === '支付金额' ? `¥${Number(value).toFixed(2)}` : value)} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar yAxisId="n" dataKey="订单数" fill="#1677ff" barSize={10} />
        <Bar yAxisId="n" dataKey="新增客户" fill="#95de64" barSize={10} />
        <Line yAxisId="y" type="monotone" dataKey="支付金额" stroke="#fa8c16" strokeWidth={2} dot={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
