/**
 * 站点设置 › 近效期专场: the site's default near-expiry rate (近效期默认折扣), the percent of the base price that a near
 * batch without a 近效期价 of its own sells at. A price, so it is saved on its own by whoever may set prices
 * (goods:write), not with the header and footer; others who see the page read it.
 */
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Skeleton } from 'antd';
import { Link } from 'react-router';
import { PERMISSIONS } from '@core/admin';
import { nearExpiryRateBody, type NearExpiryRate } from '@core/schemas/quality';
import { useCan } from '@/lib/admin/me';
import { applyServerErrors, zodRule } from '@/lib/form';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { nearExpiryRateQuery, useSaveNearExpiryRate } from '../api/near-expiry-rate';

type Values = { near_expiry_rate: number | null };

const rule = zodRule(nearExpiryRateBody.shape.near_expiry_rate);

/** What a goods of ¥100.00 sells at, as the operator types. */
function Example({ rate }: { rate: number | null | undefined }) {
  const valid = rate !== null && rate !== undefined && Number.isInteger(rate) && rate >= 1 && rate <= 100;
  return valid ? (
    <div className="yct-admin-content__near-example" data-testid="near-rate-example">
      例：基准价 ¥100.00 的商品，近效期批次售 ¥{rate.toFixed(2)}
    </div>
  ) : null;
}

/** The field once the rate has loaded, the form made with it. */
function RateForm({ rate }: { rate: NearExpiryRate }) {
  const mayWrite = useCan('goods:write');
  const save = useSaveNearExpiryRate();
  const [form] = Form.useForm<Values>();
  const typed = Form.useWatch('near_expiry_rate', form);
  const { message } = App.useApp();

  const submit = async (v: Values) => {
    try {
      const saved = await save.mutateAsync(v.near_expiry_rate ?? 0);
      form.setFieldsValue({ near_expiry_rate: saved.near_expiry_rate });
      void message.success(`近效期默认折扣已设为 ${saved.near_expiry_rate}%，购物车与近效期专场即时生效`);
    } catch (e) {
      const left = applyServerErrors(form, e);
      if (left.length) void message.error(left[0]);
    }
  };

  return (
    <Form<Values>
      form={form}
      initialValues={{ near_expiry_rate: rate.near_expiry_rate }}
      labelCol={{ flex: '128px' }}
      wrapperCol={{ flex: '1 1 0', style: { minWidth: 0 } }}
      onFinish={(v) => void submit(v)}
      data-testid="near-rate-form"
    >
      <Form.Item
        label="近效期默认折扣"
        extra={
          <>
            <Example rate={typed} />
            适用于未设置近效期价的近效期批次：按商品基准价的此比例在近效期专场销售（70 即七折），保存后购物车与近效期专场即时按新折扣计价；未设置时为
            {rate.default_rate}%。单个批次的近效期价在<Link to="/admin/batches">批次管理</Link>中设置，优先于此折扣。
            {mayWrite ? null : <div>修改需要“{PERMISSIONS['goods:write']}”权限。</div>}
          </>
        }
      >
        <div className="yct-admin-content__near-row">
          <Form.Item name="near_expiry_rate" rules={[rule]} noStyle>
            <InputNumber suffix="%" style={{ width: 120 }} disabled={!mayWrite} aria-label="近效期默认折扣" data-testid="near-rate-input" />
          </Form.Item>
          {mayWrite ? (
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="near-rate-save">
              保存折扣
            </Button>
          ) : null}
        </div>
      </Form.Item>
    </Form>
  );
}

export function NearExpiryRateSection() {
  const rate = useQuery(nearExpiryRateQuery());
  return (
    <fieldset className="yct-admin-content__section yct-admin-content__near" data-testid="near-rate-section">
      <legend>近效期专场</legend>
      {rate.isError && !rate.data ? (
        <LoadFailed error={rate.error} onRetry={() => void rate.refetch()} retrying={rate.isFetching} />
      ) : rate.data ? (
        <RateForm rate={rate.data} />
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      )}
    </fieldset>
  );
}
