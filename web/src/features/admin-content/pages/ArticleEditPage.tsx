/**
 * /admin/articles/new 新增文章 and /admin/articles/:id 编辑文章 (content:write): the category, title, page code (help
 * pages only: the last segment of /help/{group}/{code}), order, shown or hidden, and the body in the rich-text
 * editor. Fields are checked with core's schema first; the server's 422 lands under its field. A new article, once
 * saved, stays open as that article, so that 查看 can open it on the storefront.
 */
import { useQuery } from '@tanstack/react-query';
import { App, Button, Col, Form, Input, InputNumber, Row, Select, Space, Spin, Switch, Tag } from 'antd';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { articleBody, type AdminArticleCategory, type AdminArticleDetail } from '@core/schemas/admin-content';
import { formatTime } from '@/lib/admin/format';
import { applyServerErrors, zodRule } from '@/lib/form';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { articleCategoriesQuery, articleQuery, useSaveArticle } from '../api/articles';
import { ArticleBodyField } from '../components/ArticleBodyField';
import { categoryKind, categoryOptions } from '../lib/categories';
import '../admin-content.css';

type Values = { category_id?: number; title: string; code: string; sort: number; is_show: boolean; content: string };

const shape = articleBody.shape;

function ArticleForm({ article, categories }: { article: AdminArticleDetail | null; categories: AdminArticleCategory[] }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveArticle();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const categoryId = Form.useWatch('category_id', form);
  const category = categories.find((c) => c.id === categoryId);
  const asked = Number(params.get('category_id'));
  const initialCategory = article?.category_id ?? (categories.some((c) => c.id === asked && c.selectable) ? asked : undefined);

  const initialValues: Values = article
    ? {
        category_id: article.category_id,
        title: article.title,
        code: article.code,
        sort: article.sort,
        is_show: article.is_show === 1,
        content: article.content,
      }
    : { category_id: initialCategory, title: '', code: '', sort: 0, is_show: true, content: '' };

  const submit = async (v: Values) => {
    try {
      const saved = await save.mutateAsync({
        id: article?.id ?? null,
        body: { ...v, category_id: v.category_id ?? 0, code: category?.is_list ? '' : v.code, is_show: v.is_show ? 1 : 0 },
      });
      void message.success(article ? `已保存：${saved.title}` : `已发布：${saved.title}`);
      if (!article) void navigate(`/admin/articles/${saved.id}`, { replace: true });
      else form.setFieldValue('content', saved.content);
    } catch (e) {
      const left = applyServerErrors(form, e);
      if (left.length) void message.error(left[0]);
    }
  };

  const kind = categoryKind(category);
  return (
    <Form<Values>
      form={form}
      initialValues={initialValues}
      layout="vertical"
      onFinish={(v) => void submit(v)}
      requiredMark
      className="yct-admin-content__form"
      data-testid="article-form"
    >
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            name="category_id"
            label="所属栏目"
            rules={[{ required: true, message: '请选择栏目' }]}
            extra={
              category ? (
                <span className="yct-admin-content__kind">
                  <Tag color={kind.color}>{kind.text}</Tag>
                  {category.kind === 'notice'
                    ? '最新 10 条在页头滚动播放'
                    : category.is_list
                      ? '在新闻中心按发布时间从新到旧展示'
                      : '显示在帮助中心菜单和页脚帮助栏目'}
                </span>
              ) : null
            }
          >
            <Select
              placeholder="选择栏目"
              options={categoryOptions(categories)}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="article-category-select"
            />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item name="title" label="标题" rules={[zodRule(shape.title)]}>
            <Input maxLength={120} showCount placeholder="如 药品退货政策" data-testid="article-title" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        {category && !category.is_list ? (
          <Col span={8}>
            <Form.Item name="code" label="页面代码" rules={[zodRule(shape.code)]} extra={`帮助页地址 /help/${category.code}/代码；留空则以文章ID访问`}>
              <Input maxLength={16} placeholder="如 ypth" data-testid="article-code" />
            </Form.Item>
          </Col>
        ) : null}
        <Col span={5}>
          <Form.Item name="sort" label="排序" rules={[zodRule(shape.sort)]} extra={category?.is_list ? '资讯按发布时间从新到旧' : '数字小的排在前面'}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name="is_show" label="前台显示" valuePropName="checked">
            <Switch checkedChildren="显示" unCheckedChildren="隐藏" data-testid="article-is-show" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="content" label="正文" rules={[{ required: true, message: '请输入正文' }, zodRule(shape.content)]}>
        <ArticleBodyField />
      </Form.Item>
      <Space size={8}>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="article-save">
          {article ? '保存' : '发布'}
        </Button>
        <Button onClick={() => void navigate('/admin/articles')}>返回列表</Button>
        {article?.is_show && article.url ? (
          <Button href={article.url} target="_blank" rel="noreferrer" data-testid="article-view">
            在前台查看
          </Button>
        ) : null}
      </Space>
    </Form>
  );
}

export default function ArticleEditPage() {
  const param = useParams().id;
  const id = Number(param);
  const existing = param !== undefined;
  const categories = useQuery(articleCategoriesQuery());
  const article = useQuery({ ...articleQuery(id), enabled: existing && Number.isSafeInteger(id) && id > 0 });
  const back = <Link to="/admin/articles">返回列表</Link>;
  const failed = categories.error ?? (existing ? article.error : null);
  if (failed)
    return (
      <LoadFailed
        error={failed}
        onRetry={() => void Promise.all([categories.refetch(), existing ? article.refetch() : null])}
        retrying={categories.isFetching || article.isFetching}
      />
    );
  if (!categories.data || (existing && !article.data)) return <Spin style={{ display: 'block', margin: '80px auto' }} data-testid="article-loading" />;
  const a = existing ? article.data! : null;
  return (
    <AdminPanel
      data-testid="article-edit"
      title={
        a ? (
          <span className="yct-admin-content__head">
            <span>编辑文章</span>
            <span className="yct-admin-muted">
              ID {a.id} · {a.category_path} · 发布于 {formatTime(a.created_at)}
            </span>
            {a.is_show ? <Tag color="green">显示</Tag> : <Tag>隐藏</Tag>}
          </span>
        ) : (
          '新增文章'
        )
      }
      extra={back}
    >
      <ArticleForm key={a?.id ?? 'new'} article={a} categories={categories.data} />
    </AdminPanel>
  );
}
