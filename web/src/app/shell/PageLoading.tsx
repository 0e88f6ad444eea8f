/** What a screen shows while its code or first data loads. */
export function PageLoading({ text = '正在加载…' }: { text?: string }) {
  return (
    <div className="yct-container yct-loading" role="status" data-testid="page-loading">
      <span className="yct-spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
