/**
 * /register/step1..3 (a new buyer) and /register/dd/step1..3 (a chain headquarters adding a
 * sub-store): the step bar, the step's form, and the done state after the licences are submitted.
 */
import { Button, Result, Skeleton } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { CompanyType } from '@core/constants';
import { COMPANY_TYPES } from '@core/constants';
import { useUserBase } from '@/lib/session/get-user-base';
import styles from '../auth.module.css';
import { RegisterStep1Form } from '../components/RegisterStep1Form';
import { RegisterStep2Form } from '../components/RegisterStep2Form';
import { RegisterStep3Form } from '../components/RegisterStep3Form';
import { RegisterSteps } from '../components/RegisterSteps';
import { clearRegisterState, parseRegisterPath, readRegisterState, writeRegisterState } from '../lib/register-state';
import { loginPathTo } from '@core/routes';

const isCompanyType = (t: string | undefined): t is CompanyType => (COMPANY_TYPES as readonly string[]).includes(t ?? '');

/** After the licences are submitted: waiting for the review, and where to go next. */
function RegisterDone({ chain }: { chain: boolean }) {
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={chain ? '门店资质已提交，等待审核' : '资质已提交，等待审核'}
      subTitle={
        chain
          ? '门店资质审核通过后即可由总部为门店采购，审核结果将通过站内消息和短信通知。'
          : '我们将在1-2个工作日内完成资质审核，审核通过后即可查看价格并下单采购；审核结果将通过站内消息和短信通知。'
      }
      data-testid="register-done"
      extra={
        chain
          ? [
              <Button type="primary" key="ddgl" onClick={() => navigate('/zhzx/ddgl')} data-testid="register-member">
                门店管理
              </Button>,
              <Button key="more" onClick={() => navigate('/register/dd/step1')} data-testid="register-more">
                继续添加门店
              </Button>,
            ]
          : [
              <Button type="primary" key="home" onClick={() => navigate('/')} data-testid="register-home">
                返回首页
              </Button>,
              <Button key="user" onClick={() => navigate('/user')} data-testid="register-member">
                会员中心
              </Button>,
            ]
      }
    />
  );
}

export default function RegisterPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { chain, step } = parseRegisterPath(pathname);
  const base = chain ? '/register/dd' : '/register';
  const user = useUserBase();
  const [doneAt, setDoneAt] = useState<string | null>(null);
  const done = doneAt === pathname;
  const saved = readRegisterState(chain);

  const notice = (title: string, subTitle: string, extra: ReactNode, status: 'info' | 'warning' | 'error' = 'info') => (
    <Result status={status} title={title} subTitle={subTitle} extra={extra} data-testid="register-notice" />
  );
  const loginAgain = (target: string) => (
    <Button type="primary" onClick={() => navigate(loginPathTo(target))}>
      去登录
    </Button>
  );

  const content = (): ReactNode => {
    if (done) return <RegisterDone chain={chain} />;

    const needsUser = chain || step > 1;
    const settling = user.isPending || (user.isFetching && user.data?.show !== 1);
    if (needsUser && settling) return <Skeleton active className={styles.formBox} paragraph={{ rows: 8 }} />;
    if (needsUser && (user.isError || !user.data)) {
      return notice('账号信息加载失败', '请检查网络后重试', <Button onClick={() => void user.refetch()}>重试</Button>, 'error');
    }
    const me = user.data;

    if (chain) {
      if (!me || me.show !== 1) {
        return notice('请先登录连锁总部账号', '门店由连锁总部账号添加，登录后即可为门店注册账号。', loginAgain(`${base}/step1`));
      }
      if (me.is_chain !== 1) {
        return notice(
          '只有连锁总部账号可以添加门店',
          '当前账号不是连锁总部账号，如需开通请联系您的专属客服。',
          <Button onClick={() => navigate('/')}>返回首页</Button>,
          'warning',
        );
      }
      if (step > 1 && !saved.store_id) {
        return notice(
          '请先完成门店账号注册',
          '门店的登录信息尚未设置。',
          <Button type="primary" onClick={() => navigate(`${base}/step1`)}>
            去设置登录信息
          </Button>,
        );
      }
    } else if (step > 1 && me?.show === 1 && me.is_passed === 1) {
      // An approved account has nothing left to register: its company and licences are kept in the account centre.
      return <Navigate replace to={step === 2 ? '/zhzx/basic' : '/zhzx/zzzj'} />;
    } else if (step > 1 && me?.show !== 1) {
      return notice('请先设置登录信息', '完成第一步注册或登录后，再继续填写企业信息和上传资质。', [
        <Button type="primary" key="step1" onClick={() => navigate(`${base}/step1`)}>
          去注册
        </Button>,
        <span key="login">{loginAgain(pathname)}</span>,
      ]);
    } else if (step === 3 && me && me.register_step < 2) {
      return notice(
        '请先填写企业信息',
        '企业信息决定需要上传哪些资质。',
        <Button type="primary" onClick={() => navigate(`${base}/step2`)}>
          去填写企业信息
        </Button>,
      );
    }

    const chainIds = chain && me && saved.store_id ? { parent: me.id, storeId: saved.store_id } : undefined;

    if (step === 1) {
      return (
        <RegisterStep1Form
          parent={chain ? me?.id : undefined}
          onDone={(result) => {
            clearRegisterState(chain);
            if (chain && result.store_id) writeRegisterState(true, { store_id: result.store_id });
            navigate(`${base}/step2`);
          }}
        />
      );
    }
    if (step === 2) {
      return (
        <RegisterStep2Form
          chain={chainIds}
          user={me}
          onDone={(type) => {
            writeRegisterState(chain, { type });
            navigate(`${base}/step3`);
          }}
        />
      );
    }
    const companyType: CompanyType = chain ? '连锁门店' : (saved.type ?? (isCompanyType(me?.company_type) ? me.company_type : '单体药店'));
    return (
      <RegisterStep3Form
        companyType={companyType}
        chain={chainIds}
        onBack={() => navigate(`${base}/step2`)}
        onDone={() => {
          clearRegisterState(chain);
          setDoneAt(pathname);
          window.scrollTo({ top: 0 });
        }}
      />
    );
  };

  return (
    <div className={styles.page}>
      <div className={styles.pageTitle}>
        <h1>{chain ? '添加门店' : '注册会员'}</h1>
        {chain ? (
          <span>门店注册后由总部统一管理采购</span>
        ) : (
          <span>
            已有账号？<Link to="/login">立即登录</Link>
          </span>
        )}
      </div>
      <RegisterSteps current={done ? 2 : step - 1} done={done} />
      {content()}
    </div>
  );
}
