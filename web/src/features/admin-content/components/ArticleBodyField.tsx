/**
 * The article body inside the form: the rich-text editor is a large module of its own (tiptap and ProseMirror), so
 * it is fetched only when an article is opened, with a box of the editor's size while it arrives.
 */
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

const RichTextEditor = lazy(() => import('./RichTextEditor'));

type Props = { value?: string; onChange?: (html: string) => void; placeholder?: string };

export function ArticleBodyField(props: Props) {
  return (
    <Suspense
      fallback={
        <div className="yct-rte yct-rte--waiting" data-testid="rte-loading">
          <Skeleton active paragraph={{ rows: 8 }} title={false} />
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
