/**
 * The 所在地区 row of a form: province, city and district pickers over lib/regions.ts, each list following the one
 * before it and emptied when it changes. Used inside an antd Form whose fields are named `province`, `city` and
 * `district` (registration step 2, the address form).
 */
import { Col, Form, Row, Select, type FormRule } from 'antd';
import { cityOptions, districtOptions, provinceOptions } from '@/lib/regions';

type Level = 'province' | 'city' | 'district';

type Props = {
  rules: Record<Level, FormRule[]>;
  /** Stop at a field's first failed rule (a picker left empty says only 请选择...). */
  validateFirst?: boolean;
  /** The pickers' test ids are `${testId}-province`, `-city` and `-district`. */
  testId: string;
};

export function RegionFields({ rules, validateFirst, testId }: Props) {
  const form = Form.useFormInstance();
  const province = Form.useWatch<string | undefined>('province', form);
  const city = Form.useWatch<string | undefined>('city', form);
  return (
    <Form.Item label="所在地区" required style={{ marginBottom: 0 }}>
      <Row gutter={8}>
        <Col span={8}>
          <Form.Item name="province" rules={rules.province} validateFirst={validateFirst}>
            <Select
              placeholder="省份"
              options={provinceOptions}
              showSearch
              onChange={() => form.setFieldsValue({ city: undefined, district: undefined })}
              data-testid={`${testId}-province`}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="city" rules={rules.city} validateFirst={validateFirst}>
            <Select
              placeholder="城市"
              options={cityOptions(province)}
              disabled={!province}
              showSearch
              onChange={() => form.setFieldsValue({ district: undefined })}
              data-testid={`${testId}-city`}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="district" rules={rules.district} validateFirst={validateFirst}>
            <Select placeholder="区县" options={districtOptions(province, city)} disabled={!city} showSearch data-testid={`${testId}-district`} />
          </Form.Item>
        </Col>
      </Row>
    </Form.Item>
  );
}
