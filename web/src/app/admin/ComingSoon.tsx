import { Result } from 'antd';

/** A console page whose screen is not built yet: its place in the menu is kept. */
export function ComingSoon({ title }: { title: string }) {
  return <Result status="info" title={`${title} · 即将上线`} subTitle="该功能正在建设中，敬请期待。" data-testid="admin-coming-soon" />;
}
