/** The loading state of an account page's panel. */
export function PanelLoading({ text = '正在加载…' }: { text?: string }) {
  return (
    <div className="yct-loading yct-acct__loading" data-testid="account-loading">
      <span className="yct-spinner" />
      {text}
    </div>
  );
}
