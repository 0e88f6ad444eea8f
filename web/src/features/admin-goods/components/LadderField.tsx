/**
 * 阶梯价: up to five tiers `{number, price}` edited as rows; each tier's quantity is above the one before and its
 * price below it (the first below 价格). The rows check themselves with core's rules; the rules between rows
 * are checked with the whole form.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber } from 'antd';
import { LADDER_MAX_TIERS, LadderTierInput } from '@core/schemas/admin-goods';
import { zodRule } from '@/lib/form';

export function LadderField({ unit, disabled }: { unit: string; disabled?: boolean }) {
  return (
    <Form.List name="ladder_price">
      {(tiers, { add, remove }) => (
        <div className="yct-admin-goods__ladder" data-testid="goods-ladder">
          {tiers.length ? (
            <div className="yct-admin-goods__ladder-head">
              <span>起购数量</span>
              <span>单价（元）</span>
            </div>
          ) : null}
          {tiers.map((tier, i) => (
            <div key={tier.key} className="yct-admin-goods__ladder-row" data-testid="goods-ladder-row">
              <Form.Item name={[tier.name, 'number']} rules={[zodRule(LadderTierInput.shape.number)]}>
                <InputNumber
                  min={2}
                  precision={0}
                  style={{ width: 140 }}
                  prefix="满"
                  suffix={unit || '件'}
                  placeholder="数量"
                  data-testid={`ladder-number-${i}`}
                />
              </Form.Item>
              <Form.Item name={[tier.name, 'price']} rules={[zodRule(LadderTierInput.shape.price)]}>
                <Input prefix="¥" style={{ width: 140 }} placeholder="单价" data-testid={`ladder-price-${i}`} />
              </Form.Item>
              {disabled ? null : <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(tier.name)} aria-label="删除此档" />}
            </div>
          ))}
          {disabled || tiers.length >= LADDER_MAX_TIERS ? null : (
            <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => add({ number: null, price: '' })} data-testid="ladder-add">
              添加一档（最多{LADDER_MAX_TIERS}档）
            </Button>
          )}
          {!tiers.length && disabled ? <span className="yct-muted">无阶梯价</span> : null}
        </div>
      )}
    </Form.List>
  );
}
