/** The footer: service promises, the first 4 help groups, QR codes, friendly links, licences and the notice. */
import { FOOTER_HELP_GROUPS } from '@core/constants';
import { useGlobalLinks } from '@/features/content/api/get-global-links';
import { useHelpCategory } from '@/features/content/api/get-help-category';
import { useFocusCommon } from '@/lib/content/get-focus-common';
import { LazyQrCode as QrCode } from '@/ui/LazyQrCode';
import { TargetLink } from '@/ui/TargetLink';

const PROMISES = [
  ['正', '正品保障', '资质齐全 源头可溯'],
  ['快', '极速配送', '省内次日达'],
  ['省', '阶梯优惠', '买得越多越便宜'],
  ['服', '专属客服', '一对一贴心服务'],
] as const;

export function Footer() {
  const help = useHelpCategory();
  const common = useFocusCommon();
  const links = useGlobalLinks();
  const site = common.data?.site;
  const groups = (help.data ?? []).slice(0, FOOTER_HELP_GROUPS);
  return (
    <footer className="yct-footer" data-testid="footer">
      <div className="yct-footer__promises">
        <div className="yct-container">
          {PROMISES.map(([mark, title, sub]) => (
            <div key={title} className="yct-footer__promise">
              <span className="yct-footer__mark">{mark}</span>
              <span>
                <strong>{title}</strong>
                <small>{sub}</small>
              </span>
            </div>
          ))}
        </div>
      </div>
      <div className="yct-container yct-footer__main">
        <div className="yct-footer__help" data-testid="footer-help">
          {help.isError ? <p className="yct-muted">帮助信息加载失败</p> : null}
          {groups.map((g) => (
            <dl key={g.id} data-testid="footer-help-group">
              <dt>{g.name}</dt>
              {g.children.map((a) => (
                <dd key={a.id}>
                  <TargetLink to={a.url}>{a.title}</TargetLink>
                </dd>
              ))}
            </dl>
          ))}
        </div>
        <div className="yct-footer__qrs">
          <QrCode value={site?.wechat_qr} size={92} caption="关注微信公众号" />
          <QrCode value={site?.mini_qr} size={92} caption="微信小程序下单" />
        </div>
      </div>
      <div className="yct-footer__bottom">
        <div className="yct-container">
          {links.data?.length ? (
            <p className="yct-footer__links">
              友情链接：
              {links.data.map((l) => (
                <TargetLink key={l.name} to={l.url}>
                  {l.name}
                </TargetLink>
              ))}
            </p>
          ) : null}
          <p className="yct-footer__licences" data-testid="footer-licences">
            {(site?.licences ?? []).map((l) => (
              <span key={l.name}>
                {l.name}：{l.number}
              </span>
            ))}
          </p>
          {site?.notice ? <p className="yct-footer__notice">{site.notice}</p> : null}
          <p className="yct-footer__copy">
            {site?.copyright}
            {site?.hot_line ? <span className="yct-footer__hotline">客服热线：{site.hot_line}</span> : null}
          </p>
        </div>
      </div>
    </footer>
  );
}
