/**
 * What a screen shows while its code loads. It fills the window, so that the footer does not jump up and
 * down while the screen arrives.
 */
export function PageLoading({ text = '正在加载…' }: { text?: string }) {
  return (
    <div className="yct-container yct-loading yct-loading--screen" role="status" data-testid="page-loading">
      <span className="yct-spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
