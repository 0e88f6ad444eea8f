/**
 * The article body's rich-text editor (tiptap) as a form control: the value is HTML. Its toolbar offers what the
 * server's allow-list sanitizer keeps (headings 2-4, bold, italic, underline, strike, lists, quotes, rules, links to
 * this site or https, pictures); anything else pasted in is dropped by the editor's schema before the server sees
 * it. Pictures go up through POST /api/admin/images. This module is loaded only when an article is opened.
 */
import {
  BoldOutlined,
  ClearOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LineOutlined,
  LinkOutlined,
  LoadingOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Checkbox, Divider, Form, Input, Modal, Select, Tooltip, Upload } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PICTURE_MAX_BYTES } from '@core/schemas/admin-goods';
import { uploadImage } from '@/lib/admin/upload-image';
import { TableKeep } from './table-nodes';

const PICTURE_TYPES = /^image\/(jpeg|png|gif|webp)$/;
/** Links the sanitizer keeps: a path of this site or an https address. */
const LINK = /^(\/(?!\/)[^\s<>"']*|https:\/\/[^\s<>"']+)$/;

type Props = {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  'data-testid'?: string;
};

function ToolButton({
  title,
  active,
  disabled,
  onClick,
  icon,
  children,
  testId,
}: {
  title: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  icon?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Tooltip title={title} mouseEnterDelay={0.4}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        icon={icon}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
        aria-label={title}
        aria-pressed={active}
        data-testid={testId}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

const BLOCKS = [
  { value: 'p', label: '正文' },
  { value: 'h2', label: '标题 2' },
  { value: 'h3', label: '标题 3' },
  { value: 'h4', label: '标题 4' },
];

function LinkModal({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ href: string; blank: boolean }>();
  useEffect(() => {
    if (!open) return;
    const attrs = editor.getAttributes('link') as { href?: string; target?: string };
    form.setFieldsValue({ href: attrs.href ?? '', blank: attrs.target === '_blank' });
  }, [open, editor, form]);
  const apply = ({ href, blank }: { href: string; blank: boolean }) => {
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href, target: blank ? '_blank' : null } }] }).run();
    else chain.setLink({ href: href.trim(), target: blank ? '_blank' : null }).run();
    onClose();
  };
  return (
    <Modal open={open} title="插入链接" okText="确定" cancelText="取消" onOk={() => form.submit()} onCancel={onClose} destroyOnHidden width={480}>
      <Form form={form} layout="vertical" onFinish={apply} style={{ marginTop: 12 }} data-testid="rte-link-form">
        <Form.Item
          name="href"
          label="链接地址"
          extra="站内页面填写路径，如 /help/zfps/hwps；站外地址须以 https:// 开头"
          rules={[
            { required: true, whitespace: true, message: '请输入链接地址' },
            { pattern: LINK, message: '须为站内路径（以 / 开头）或 https:// 地址' },
          ]}
        >
          <Input placeholder="/help/zfps/hwps" autoFocus data-testid="rte-link-href" />
        </Form.Item>
        <Form.Item name="blank" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox>在新窗口打开</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { message } = App.useApp();
  const [linking, setLinking] = useState(false);
  const [uploading, setUploading] = useState(false);
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      block: e.isActive('heading', { level: 2 }) ? 'h2' : e.isActive('heading', { level: 3 }) ? 'h3' : e.isActive('heading', { level: 4 }) ? 'h4' : 'p',
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      inTable: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const run = (f: (c: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => f(editor.chain().focus()).run();
  const setBlock = (v: string) => run((c) => (v === 'p' ? c.setParagraph() : c.setHeading({ level: Number(v.slice(1)) as 2 | 3 | 4 })));
  const addPicture = async (file: File) => {
    if (!PICTURE_TYPES.test(file.type)) return void message.error('仅支持 JPG、PNG、GIF、WEBP 图片');
    if (file.size > PICTURE_MAX_BYTES) return void message.error('图片不能超过2MB');
    setUploading(true);
    try {
      const { url } = await uploadImage(file);
      editor
        .chain()
        .focus()
        .setImage({ src: url, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
    } catch {
      // Shown by the call itself.
    } finally {
      setUploading(false);
    }
  };
  return (
    <div className="yct-rte__toolbar" role="toolbar" aria-label="格式" data-testid="rte-toolbar">
      <ToolButton title="撤销" icon={<UndoOutlined />} disabled={!s.canUndo} onClick={() => run((c) => c.undo())} />
      <ToolButton title="重做" icon={<RedoOutlined />} disabled={!s.canRedo} onClick={() => run((c) => c.redo())} />
      <Divider orientation="vertical" />
      <Select
        size="small"
        value={s.block}
        options={BLOCKS}
        onChange={setBlock}
        disabled={s.inTable}
        style={{ width: 88 }}
        popupMatchSelectWidth={false}
        aria-label="段落格式"
        data-testid="rte-block"
      />
      <Divider orientation="vertical" />
      <ToolButton title="加粗" icon={<BoldOutlined />} active={s.bold} onClick={() => run((c) => c.toggleBold())} testId="rte-bold" />
      <ToolButton title="斜体" icon={<ItalicOutlined />} active={s.italic} onClick={() => run((c) => c.toggleItalic())} />
      <ToolButton title="下划线" icon={<UnderlineOutlined />} active={s.underline} onClick={() => run((c) => c.toggleUnderline())} />
      <ToolButton title="删除线" icon={<StrikethroughOutlined />} active={s.strike} onClick={() => run((c) => c.toggleStrike())} />
      <Divider orientation="vertical" />
      <ToolButton
        title="无序列表"
        icon={<UnorderedListOutlined />}
        active={s.bullet}
        disabled={s.inTable}
        onClick={() => run((c) => c.toggleBulletList())}
        testId="rte-bullet"
      />
      <ToolButton title="有序列表" icon={<OrderedListOutlined />} active={s.ordered} disabled={s.inTable} onClick={() => run((c) => c.toggleOrderedList())} />
      <ToolButton title="引用" active={s.quote} disabled={s.inTable} onClick={() => run((c) => c.toggleBlockquote())}>
        <span className="yct-rte__quote">“</span>
      </ToolButton>
      <ToolButton title="分隔线" icon={<LineOutlined />} disabled={s.inTable} onClick={() => run((c) => c.setHorizontalRule())} />
      <Divider orientation="vertical" />
      <ToolButton title="插入链接" icon={<LinkOutlined />} active={s.link} onClick={() => setLinking(true)} testId="rte-link" />
      <ToolButton title="取消链接" icon={<DisconnectOutlined />} disabled={!s.link} onClick={() => run((c) => c.extendMarkRange('link').unsetLink())} />
      <Upload
        accept=".jpg,.jpeg,.png,.gif,.webp"
        showUploadList={false}
        disabled={uploading || s.inTable}
        beforeUpload={(file) => {
          void addPicture(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <ToolButton
          title="插入图片"
          icon={uploading ? <LoadingOutlined /> : <PictureOutlined />}
          disabled={uploading || s.inTable}
          onClick={() => {}}
          testId="rte-image"
        />
      </Upload>
      <Divider orientation="vertical" />
      <ToolButton title="清除格式" icon={<ClearOutlined />} onClick={() => run((c) => c.unsetAllMarks().clearNodes())} />
      <LinkModal editor={editor} open={linking} onClose={() => setLinking(false)} />
    </div>
  );
}

export default function RichTextEditor({ value = '', onChange, placeholder = '请输入正文', ...rest }: Props) {
  // The HTML this editor last handed out: a value that differs came from outside (the article loaded) and replaces the content.
  const emitted = useRef(value);
  // Made in the first effect, not during the first render: one made while rendering is destroyed if the effect
  // comes later than a timer of a millisecond (a busy machine), and the render that follows would read it.
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { target: null, rel: null, class: null },
          isAllowedUri: (url) => LINK.test(url),
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
      ...TableKeep,
    ],
    content: value,
    editorProps: { attributes: { class: 'yct-rte__content', 'aria-label': '正文', 'data-placeholder': placeholder } },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      emitted.current = html;
      onChange?.(html);
    },
  });
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const chars = useEditorState({ editor, selector: ({ editor: e }) => e && { chars: e.getText().replace(/\s/g, '').length, empty: e.isEmpty } }) ?? {
    chars: 0,
    empty: true,
  };
  return (
    <div className="yct-rte" data-testid={rest['data-testid'] ?? 'rte'}>
      {editor ? <Toolbar editor={editor} /> : <div className="yct-rte__toolbar" aria-hidden />}
      <EditorContent editor={editor} className={`yct-rte__body${chars.empty ? ' is-empty' : ''}`} data-testid="rte-content" />
      <div className="yct-rte__foot">
        <span>正文 {chars.chars} 字</span>
        <span>保存时会过滤脚本、样式表和不安全的链接</span>
      </div>
    </div>
  );
}
