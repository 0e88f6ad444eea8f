/**
 * /admin/site-settings 站点设置 (content:write): what the header and footer show besides the content lists: the
 * 投诉热线 (also the user object's `common_config.hot_line`), the two 客服QQ of accounts without in-site chat, the
 * quality-inspection link, the footer's licence lines, its notice and copyright; saved all at once, and buyers see
 * them on their next page. The scrolling notices and the top ad are kept with the articles and the ads: links lead
 * there. A preview at the right follows the form as it is typed. Below them, the near-expiry zone's default rate, a
 * price saved on its own by goods:write (NearExpiryRateSection).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Col, Form, Input, Row, Space, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LICENCES_MAX, siteSettingsBody, type AdminSiteSettings } from '@core/schemas/admin-content';
import { applyServerErrors, zodRule } from '@/lib/form';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { articleCategoriesQuery } from '../api/articles';
import { siteSettingsQuery, useSaveSiteSettings } from '../api/site-settings';
import { NearExpiryRateSection } from '../components/NearExpiryRateSection';
import '../admin-content.css';

const shape = siteSettingsBody.shape;
const licence = shape.licences.out.element.shape;
const licenceRules = { name: zodRule(licence.name), number: zodRule(licence.number) };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="yct-admin-content__section">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

function Preview({ values }: { values: Partial<AdminSiteSettings> }) {
  const licences = (values.licences ?? []).filter((l) => l?.name || l?.number);
  return (
    <div className="yct-admin-content__preview" data-testid="site-settings-preview">
      <div className="yct-admin-content__preview-label">页头右上角</div>
      <div className="yct-admin-content__preview-top">
        <span>会员中心</span>
        <span>我的订单</span>
        {values.quality_inspection_url ? <span className="is-accent">{values.quality_inspection_msg || '质检报告查询'}</span> : null}
        {values.hot_line ? <span>投诉热线：{values.hot_line}</span> : null}
      </div>
      <div className="yct-admin-content__preview-label">页面底部</div>
      <div className="yct-admin-content__preview-foot">
        <p>
          {licences.length ? (
            licences.map((l, i) => (
              <span key={i}>
                {l.name}：{l.number}
              </span>
            ))
          ) : (
            <span className="yct-admin-muted">（未填写证照）</span>
          )}
        </p>
        {values.notice ? <p>{values.notice}</p> : null}
        <p>
          {values.copyright}
          {values.hot_line ? <span>客服热线：{values.hot_line}</span> : null}
        </p>
      </div>
      <div className="yct-admin-content__preview-label">客服（未开通在线客服的账户）</div>
      <div className="yct-admin-content__preview-qq">
        {[values.qq1, values.qq2].filter(Boolean).length ? (
          [values.qq1, values.qq2].filter(Boolean).map((q, i) => (
            <span key={i}>
              QQ客服{i + 1}：{q}
            </span>
          ))
        ) : (
          <span className="yct-admin-muted">（未填写客服QQ）</span>
        )}
      </div>
    </div>
  );
}

function SettingsForm({ settings }: { settings: AdminSiteSettings }) {
  const [form] = Form.useForm<AdminSiteSettings>();
  const save = useSaveSiteSettings();
  const { message } = App.useApp();
  const categories = useQuery(articleCategoriesQuery());
  const notices = categories.data?.find((c) => c.kind === 'notice');
  const values = Form.useWatch([], form) ?? settings;

  const submit = async (v: AdminSiteSettings) => {
    try {
      const saved = await save.mutateAsync({ ...v, licences: v.licences ?? [] });
      form.setFieldsValue(saved);
      void message.success('站点设置已保存，前台页面即时生效');
    } catch (e) {
      const left = applyServerErrors(form, e);
      if (left.length) void message.error(left[0]);
    }
  };

  return (
    <Row gutter={24} wrap={false}>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Form<AdminSiteSettings>
          form={form}
          initialValues={settings}
          labelCol={{ flex: '128px' }}
          wrapperCol={{ flex: '1 1 0', style: { minWidth: 0 } }}
          onFinish={(v) => void submit(v)}
          data-testid="site-settings-form"
        >
          <Section title="热线与客服">
            <Form.Item name="hot_line" label="投诉热线" rules={[zodRule(shape.hot_line)]} extra="显示在页头右上角和页面底部，也是会员资料中的客服热线">
              <Input maxLength={20} placeholder="如 400-820-3366" style={{ width: 240 }} data-testid="site-hot-line" />
            </Form.Item>
            <Form.Item label="客服QQ" extra="未开通在线客服的账户点击“客服”时，打开这两个QQ；可留空">
              <Space size={12} align="start">
                <Form.Item name="qq1" rules={[zodRule(shape.qq1)]} style={{ marginBottom: 0 }}>
                  <Input maxLength={12} addonBefore="QQ 1" style={{ width: 200 }} data-testid="site-qq1" />
                </Form.Item>
                <Form.Item name="qq2" rules={[zodRule(shape.qq2)]} style={{ marginBottom: 0 }}>
                  <Input maxLength={12} addonBefore="QQ 2" style={{ width: 200 }} data-testid="site-qq2" />
                </Form.Item>
              </Space>
            </Form.Item>
          </Section>
          <Section title="质检报告">
            <Form.Item name="quality_inspection_msg" label="链接文字" rules={[zodRule(shape.quality_inspection_msg)]}>
              <Input maxLength={20} placeholder="质检报告查询" style={{ width: 240 }} data-testid="site-quality-msg" />
            </Form.Item>
            <Form.Item
              name="quality_inspection_url"
              label="链接地址"
              rules={[zodRule(shape.quality_inspection_url)]}
              extra="登录后显示在页头右上角；站内路径以 / 开头，站外填 http(s):// 地址；留空则不显示"
            >
              <Input placeholder="https://" data-testid="site-quality-url" />
            </Form.Item>
          </Section>
          <Section title="页脚证照">
            <Form.List name="licences">
              {(fields, { add, remove }, { errors }) => (
                <>
                  {fields.map((f, i) => (
                    <Form.Item key={f.key} label={`证照 ${i + 1}`} required style={{ marginBottom: 0 }}>
                      <Space size={8} align="start">
                        <Form.Item name={[f.name, 'name']} rules={[licenceRules.name]}>
                          <Input maxLength={30} placeholder="证照名称，如 药品经营许可证" style={{ width: 220 }} data-testid="site-licence-name" />
                        </Form.Item>
                        <Form.Item name={[f.name, 'number']} rules={[licenceRules.number]}>
                          <Input maxLength={60} placeholder="证照编号" style={{ width: 240 }} data-testid="site-licence-number" />
                        </Form.Item>
                        <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={`删除证照 ${i + 1}`} />
                      </Space>
                    </Form.Item>
                  ))}
                  <Form.Item label={fields.length ? ' ' : '证照'} colon={false} extra={`显示在页面底部，按顺序排列，最多 ${LICENCES_MAX} 条`}>
                    <Button
                      icon={<PlusOutlined />}
                      onClick={() => add({ name: '', number: '' })}
                      disabled={fields.length >= LICENCES_MAX}
                      data-testid="site-licence-add"
                    >
                      添加证照
                    </Button>
                    <Form.ErrorList errors={errors} />
                  </Form.Item>
                </>
              )}
            </Form.List>
          </Section>
          <Section title="底部声明与版权">
            <Form.Item name="notice" label="底部声明" rules={[zodRule(shape.notice)]}>
              <Input.TextArea rows={3} maxLength={200} showCount placeholder="如 本网站只向具有合法资质的医药企业和医疗机构提供服务" />
            </Form.Item>
            <Form.Item name="copyright" label="版权信息" rules={[zodRule(shape.copyright)]}>
              <Input maxLength={100} placeholder="如 © 2026 药采通 版权所有" />
            </Form.Item>
          </Section>
          <div className="yct-admin-content__actions">
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="site-settings-save">
              保存设置
            </Button>
            <Button onClick={() => form.resetFields()}>撤销修改</Button>
          </div>
        </Form>
        <NearExpiryRateSection />
      </Col>
      <Col flex="380px">
        <Preview values={values} />
        <div className="yct-admin-content__related">
          <div className="yct-admin-content__preview-label">页头的其他内容</div>
          <ul>
            <li>
              滚动公告：
              {notices ? (
                <Link to={`/admin/articles?category_id=${notices.id}`}>在文章管理中编辑“{notices.name}”</Link>
              ) : (
                <span className="yct-admin-muted">加载中</span>
              )}
            </li>
            <li>
              顶部广告：<Link to="/admin/ads?position=top">在广告与轮播中编辑</Link>
            </li>
            <li>
              搜索框下的热搜词：<Link to="/admin/hot-searches">热门搜索</Link>
            </li>
            <li>
              导航栏：<Link to="/admin/nav">导航菜单</Link>
            </li>
          </ul>
        </div>
      </Col>
    </Row>
  );
}

export default function SiteSettingsPage() {
  const settings = useQuery(siteSettingsQuery());
  return (
    <AdminPanel title="站点设置" data-testid="site-settings-page">
      {settings.isError && !settings.data ? (
        <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
      ) : settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : (
        <Spin style={{ display: 'block', margin: '80px auto' }} />
      )}
    </AdminPanel>
  );
}
